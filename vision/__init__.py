"""Photo -> observed board: decode, locate, rectify, read cells; and the synthetic renderer.

``vision`` knows nothing of the games' rules. Importing this package is cheap: heavy modules
(OpenCV, scikit-image) are imported by the submodules that need them.
"""
