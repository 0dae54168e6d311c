"""What the pydraughts scripts (hub_pydraughts.py, dxp_pydraughts.py) share: importing pydraughts.

pydraughts' package imports its CheckerBoard client, which needs `msl.loadlib` (a Windows-only
bridge); when that is missing a stand-in module is put on the path, as these scripts never use it.
"""
import os
import sys
import tempfile


def import_pydraughts():
    """The modules `draughts` and `draughts.engine`; ImportError when pydraughts is not on the path."""
    try:
        import msl.loadlib  # noqa: F401
    except ImportError:
        stub = tempfile.mkdtemp(prefix="tempo-msl-stub-")
        os.makedirs(os.path.join(stub, "msl"))
        open(os.path.join(stub, "msl", "__init__.py"), "w").close()
        with open(os.path.join(stub, "msl", "loadlib.py"), "w") as f:
            f.write("class Client64:\n    pass\n\nclass Server32:\n    pass\n")
        sys.path.append(stub)
    import draughts
    import draughts.engine
    return draughts, draughts.engine
