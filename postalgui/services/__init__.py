"""The Qt-aware layer: background tasks and the composition root."""
