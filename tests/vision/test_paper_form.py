"""A set prints paper in one form on every card, a sheet or an open hand (vision.symbols): where
the photo's sheets are paper, blurred scissors whose notches vote for a hand are not named paper
too (the independent renderer's final14 hard-1105, an 8.6-pixel motion blur: five scissors read
as paper beside fifteen sheets)."""
from __future__ import annotations

import numpy as np

import vision.symbols as symbols
from vision.symbols import ShapeFeatures, name_symbols

#: final14 hard-1105's 36 cards: each one's symbol, its art's shape (filled solidity, solidity,
#: roundness, rings, extent, notch, corners, aspect, size, fold) and, where its faint strokes
#: closed rings, the shape of the art at its own level (see name_symbols' ``looks``)
CARDS = [
    ('scissors', (0.731, 0.731, 0.853, 0.0, 0.553, 0.7, 0.143, 0.598, 0.259, 0.143), None),
    ('paper', (0.948, 0.948, 0.88, 0.0, 0.838, 0.181, 0.703, 0.69, 0.445, 0.703), None),
    ('scissors', (0.647, 0.647, 0.828, 0.0, 0.488, 0.708, 0.463, 0.759, 0.265, 0.463), None),
    ('scissors', (0.828, 0.705, 0.843, 0.149, 0.628, 0.466, 0.562, 0.889, 0.307, 0.562), (0.76, 0.76, 0.808, 0.0, 0.546, 0.62, 0.123, 0.523, 0.234, 0.123)),
    ('scissors', (0.64, 0.64, 0.836, 0.0, 0.506, 0.743, 0.586, 0.73, 0.269, 0.586), None),
    ('paper', (0.938, 0.938, 0.877, 0.0, 0.829, 0.208, 0.723, 0.675, 0.438, 0.723), None),
    ('rock', (0.974, 0.974, 0.931, 0.0, 0.892, 0.142, 0.675, 0.962, 0.367, 0.13), None),
    ('scissors', (0.628, 0.628, 0.841, 0.0, 0.488, 0.954, 0.569, 0.784, 0.275, 0.569), None),
    ('paper', (0.949, 0.949, 0.871, 0.0, 0.835, 0.204, 0.738, 0.674, 0.439, 0.738), None),
    ('scissors', (0.589, 0.589, 0.812, 0.0, 0.467, 0.758, 0.351, 0.724, 0.257, 0.351), None),
    ('paper', (0.943, 0.943, 0.88, 0.0, 0.831, 0.175, 0.717, 0.688, 0.443, 0.717), None),
    ('rock', (0.964, 0.964, 0.929, 0.0, 0.89, 0.139, 0.717, 1.0, 0.373, 0.101), None),
    ('paper', (0.948, 0.948, 0.87, 0.0, 0.842, 0.159, 0.761, 0.678, 0.444, 0.761), None),
    ('rock', (0.969, 0.969, 0.926, 0.0, 0.881, 0.141, 0.716, 0.962, 0.364, 0.256), None),
    ('paper', (0.937, 0.937, 0.866, 0.0, 0.83, 0.208, 0.755, 0.66, 0.427, 0.755), None),
    ('rock', (0.976, 0.976, 0.916, 0.0, 0.92, 0.129, 0.817, 1.0, 0.365, 0.232), None),
    ('paper', (0.945, 0.945, 0.878, 0.0, 0.832, 0.169, 0.745, 0.69, 0.442, 0.745), None),
    ('paper', (0.938, 0.938, 0.879, 0.0, 0.821, 0.228, 0.678, 0.676, 0.434, 0.678), None),
    ('rock', (0.968, 0.968, 0.913, 0.0, 0.891, 0.139, 0.763, 1.0, 0.359, 0.178), None),
    ('scissors', (0.725, 0.618, 0.853, 0.148, 0.541, 0.672, 0.467, 0.755, 0.279, 0.467), (0.682, 0.682, 0.823, 0.0, 0.501, 0.747, 0.089, 0.547, 0.228, 0.089)),
    ('paper', (0.945, 0.945, 0.873, 0.0, 0.834, 0.173, 0.769, 0.675, 0.436, 0.769), None),
    ('scissors', (0.565, 0.565, 0.838, 0.0, 0.435, 0.822, 0.554, 0.807, 0.26, 0.554), None),
    ('scissors', (0.72, 0.72, 0.833, 0.0, 0.537, 0.717, 0.117, 0.587, 0.248, 0.117), None),
    ('rock', (0.957, 0.957, 0.93, 0.0, 0.869, 0.159, 0.658, 0.967, 0.375, 0.138), None),
    ('paper', (0.948, 0.948, 0.884, 0.0, 0.83, 0.19, 0.683, 0.688, 0.449, 0.683), None),
    ('rock', (0.961, 0.961, 0.914, 0.0, 0.894, 0.155, 0.818, 1.0, 0.36, 0.318), None),
    ('scissors', (0.829, 0.684, 0.844, 0.174, 0.602, 0.442, 0.524, 0.991, 0.312, 0.524), (0.674, 0.674, 0.832, 0.0, 0.503, 0.79, 0.037, 0.54, 0.234, 0.037)),
    ('paper', (0.942, 0.942, 0.866, 0.0, 0.828, 0.206, 0.768, 0.666, 0.426, 0.768), None),
    ('scissors', (0.615, 0.615, 0.796, 0.0, 0.476, 0.635, 0.56, 0.634, 0.245, 0.56), None),
    ('paper', (0.942, 0.942, 0.871, 0.0, 0.838, 0.191, 0.782, 0.68, 0.436, 0.782), None),
    ('rock', (0.971, 0.971, 0.906, 0.0, 0.903, 0.146, 0.796, 1.0, 0.362, 0.248), None),
    ('scissors', (0.826, 0.683, 0.847, 0.172, 0.609, 0.443, 0.532, 0.932, 0.313, 0.532), (0.68, 0.68, 0.825, 0.0, 0.504, 0.78, 0.026, 0.537, 0.237, 0.026)),
    ('paper', (0.935, 0.935, 0.873, 0.0, 0.828, 0.208, 0.773, 0.68, 0.435, 0.773), None),
    ('paper', (0.947, 0.947, 0.876, 0.0, 0.837, 0.174, 0.788, 0.702, 0.449, 0.788), None),
    ('rock', (0.983, 0.983, 0.914, 0.0, 0.928, 0.122, 0.788, 0.962, 0.374, 0.131), None),
    ('paper', (0.941, 0.941, 0.87, 0.0, 0.825, 0.19, 0.741, 0.681, 0.434, 0.741), None),
]


def test_blurred_scissors_are_not_named_paper_beside_the_photos_sheets(monkeypatch):
    shapes = [ShapeFeatures(*f) for _, f, _ in CARDS] + [ShapeFeatures(*(look or f))
                                                          for _, f, look in CARDS]
    # (each mask stands for a shape: its one value is the shape's index)
    monkeypatch.setattr(symbols, "shape_features", lambda m: shapes[int(m.flat[0])])
    masks = [np.full((2, 2), i, np.uint8) for i in range(len(CARDS))]
    looks = [m if look is None else np.full((2, 2), len(CARDS) + i, np.uint8)
             for i, (m, (_, _, look)) in enumerate(zip(masks, CARDS))]
    named = [n for n, _, _ in name_symbols(masks, ("rock", "paper", "scissors"), looks=looks)]
    assert named == [symbol for symbol, _, _ in CARDS]
