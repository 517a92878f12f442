"""Exact savings of work in reading the cards' symbols and the cloth's motifs give the values
the slower forms gave, bit for bit: a mask's shape features measured once
(vision.symbols.shape_features, shared between the rings' closing and the naming), the parts
of the faint print joined to the art found by a table of labels (vision.symbols._parts_touched,
for np.unique + np.isin), the blur's statistics by the reader's own median and percentile
(vision.symbols.estimate_blur); a window's glare judged once for its faces, the parts on its
rim by a table of labels and a part's median taken only where kept
(vision.cells._cloth_motifs)."""
import cv2
import numpy as np

from tests.vision.symbol_bank import bank
from vision import symbols
from vision.symbols import ART_RIM, _features_of, _parts_touched, estimate_blur, shape_features

RNG = np.random.default_rng(11)


def test_a_masks_features_are_measured_once_and_are_the_measures_of_its_pixels():
    _features_of.cache_clear()
    for _, _, mask in bank(n_per_form=4, seed=3):
        first = shape_features(mask)
        # (the same pixels, another array and another non-zero value: the features kept)
        again = shape_features((mask > 0).astype(np.uint8) * 255)
        assert again is first
        m = (mask > 0).astype(np.uint8)
        assert _features_of.__wrapped__(m.shape, m.tobytes()) == first


def test_a_changed_pixel_is_measured_anew():
    _features_of.cache_clear()
    mask = bank(n_per_form=1, seed=5)[0][2].copy()
    before = shape_features(mask)
    ys, xs = np.nonzero(mask)
    mask[ys[0], xs[0]] = 0
    after = shape_features(mask)
    assert after is not before
    m = (mask > 0).astype(np.uint8)
    assert after == _features_of.__wrapped__(m.shape, m.tobytes())


def test_parts_touched_are_the_parts_np_isin_finds():
    for _ in range(40):
        faint = (RNG.random((40, 56)) < 0.35).astype(np.uint8)
        mask = ((RNG.random((40, 56)) < 0.05) & (faint > 0)).astype(np.uint8)
        n, labels = cv2.connectedComponents(faint | mask, connectivity=8)
        touched = np.unique(labels[mask > 0])
        before = np.isin(labels, touched[touched > 0]).astype(np.uint8)
        after = _parts_touched(labels, n, mask)
        assert after.dtype == before.dtype and np.array_equal(after, before)


def test_estimate_blur_gives_numpy_s_statistics(monkeypatch):
    labs, masks = [], []
    for i, (_, _, art) in enumerate(bank(n_per_form=3, seed=9, sizes=(20, 30))):
        h, w = 52, 72
        my, mx = int(ART_RIM * h), int(ART_RIM * w)
        middle = cv2.resize(art.astype(np.uint8), (w - 2 * mx, h - 2 * my),
                            interpolation=cv2.INTER_NEAREST)
        L = np.full((h, w), 45.0, np.float32)
        L[my:h - my, mx:w - mx] += 40.0 * middle
        L = cv2.GaussianBlur(L, (0, 0), 0.6 + 0.1 * (i % 7)) + RNG.normal(0, 1.5, L.shape)
        lab = np.zeros((h, w, 3), np.float32)
        lab[..., 0] = L
        labs.append(lab)
        masks.append(middle)
    # (an even and an odd number of cards; the pixel counts inside are even or odd as they fall)
    fast = [estimate_blur(labs[:k], masks[:k]) for k in (len(labs), len(labs) - 1)]
    # (the reference: the same function with numpy's median and percentile, as written before)
    monkeypatch.setattr(symbols, "median_last", np.median)
    monkeypatch.setattr(symbols, "percentile_last", np.percentile)
    assert fast == [estimate_blur(labs[:k], masks[:k]) for k in (len(labs), len(labs) - 1)]
    assert symbols.estimate_blur(labs, masks) is not None


# ---- the cloth's motifs (vision.cells._cloth_motifs): a window's glare judged once for its
# faces, the rim's parts by a table of labels, a part's median only where it is kept

def _ground_share_before(region, face):
    """vision.cells._ground_share as written before."""
    from vision.cells import MOTIF_MARGIN, MOTIF_PAINT, blown_out
    from vision.colour import median_last, norm3
    h, w = region.shape[:2]
    my, mx = int(round(MOTIF_MARGIN * h)), int(round(MOTIF_MARGIN * w))
    win = region[my:h - my, mx:w - mx]
    off = (norm3(win - np.asarray(face, np.float32)) > MOTIF_PAINT) & ~blown_out(win)
    n, parts = cv2.connectedComponents(off.astype(np.uint8), connectivity=8)
    edge = np.unique(np.concatenate([parts[0], parts[-1], parts[:, 0], parts[:, -1]]))
    edge = edge[edge > 0]
    if not len(edge):
        return 0.0, None
    sizes = np.bincount(parts.ravel(), minlength=n)
    k = int(edge[np.argmax(sizes[edge])])
    return float(sizes[k]) / off.size, median_last(win[parts == k].T)


def test_ground_parts_are_the_shares_and_medians_of_the_slower_form():
    from vision.cells import _ground_part, _ground_share, _motif_window, _part_median, blown_out
    for i in range(60):
        region = np.empty((44, 44, 3), np.float32)
        region[..., 0] = RNG.uniform(20, 100, (44, 44))
        region[..., 1:] = RNG.uniform(-40, 40, (44, 44, 2))
        # (blobs of a face's paint, some glare)
        region[RNG.random((44, 44)) < 0.5] = (55.0, 30.0, 20.0)
        region[RNG.random((44, 44)) < 0.03] = (99.0, 0.0, 0.0)
        face = np.array((55.0, 30.0, 20.0)) + RNG.normal(0, 3, 3)
        share, ground = _ground_share_before(region, face)
        win = _motif_window(region)
        got, parts, k = _ground_part(win, ~blown_out(win), face)
        assert got == share
        again = _ground_share(region, face)
        assert again[0] == share
        if ground is None:
            assert parts is None and again[1] is None
        else:
            assert np.array_equal(_part_median(win, parts, k), ground)
            assert np.array_equal(again[1], ground)


def test_pixels_taken_by_flat_indices_are_the_boolean_index_s_rows():
    from vision.cells import _card_background, _card_ring, _robust
    from vision.symbols import _quadratic_rows, _quadratic_terms, _rows_at
    for h, w in ((52, 72), (37, 50)):
        lab = RNG.uniform(-50, 100, (h, w, 3)).astype(np.float32)
        face = RNG.random((h, w)) < 0.6
        at = np.flatnonzero(face)
        got = _rows_at(lab, at).astype(np.float64)
        assert got.flags.c_contiguous and np.array_equal(got, lab[face].astype(np.float64))
        terms = _rows_at(_quadratic_rows(h, w), at)
        assert np.array_equal(terms, _quadratic_terms(h, w)[face].astype(np.float64))
        before = _robust(lab[_card_ring(h, w)])[0]
        assert np.array_equal(_card_background(lab), before)
        # (a view that is no contiguous block of memory: its pixels copied, the same)
        assert np.array_equal(_card_background(np.asfortranarray(lab)), before)
