"""Every report the office prints, drawn with the building blocks of `postalgui.documents`.

A report takes plain records whose words and numbers the service has already written in the
reader's language (``R$ 1.234,56``, ``DD/MM/AAAA``), and returns the PDF's bytes or draws
on a canvas; where the file goes is the caller's. Nothing here imports the rest of
``postalgui`` (the "documents is a leaf" contract), so a report can be drawn from the GUI,
the CLI, the partner server or a test with the same records.
"""
