"""Only the lattices a look's caller reads (the first :data:`vision.locate.READ_LATTICES`)
have their window of cells fitted to the tiles' extent; the rest are returned as ranked."""
import vision.locate as L
from tests.indie.render import render_photo
from vision.load import decode_image

#: An independent render on which more lattices hold together than are read.
SEED = 1


def test_only_the_lattices_read_are_widened(monkeypatch):
    widened = []
    cover = L._cover_foreground

    def counted(lat, *args, **kwargs):
        widened.append(lat)
        return cover(lat, *args, **kwargs)

    monkeypatch.setattr(L, "_cover_foreground", counted)
    data, _ = render_photo("textile", SEED, style="normal", size=(1600, 1200))
    image = decode_image(data)
    image = image[0] if isinstance(image, tuple) else image
    found = L.locate_candidates(image, plain_faces=True)
    assert len(found) > L.READ_LATTICES          # (more lattices hold together than are read)
    assert len(widened) == L.READ_LATTICES
    # the rest are the ranked lattices themselves, behind the ones read
    assert all(any(lat is w for w in widened) is False for lat in found[L.READ_LATTICES:])
