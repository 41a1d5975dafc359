"""The price feature's services: Qt-free use cases shared by the GUI and the CLI."""
