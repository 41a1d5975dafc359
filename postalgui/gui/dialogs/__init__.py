"""Dialogs: settings (also the first-run setup), the crash report, and the question asked
when another desk changed or deleted a record this desk is saving (`ConflictQuestion`)."""
