"""canvas.h as an FFI parser reads it: cffi 2.0's cdef, after `gcc -E -P`
with the #include lines dropped (cffi has no preprocessor of its own). The
constants are enumerators, so they survive preprocessing and the loaded
library carries them."""
import os
import pathlib
import subprocess

import cffi

ROOT = pathlib.Path(__file__).resolve().parents[2]


def preprocessed_header():
    text = (ROOT / "include" / "canvas.h").read_text()
    kept = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#include"))
    return subprocess.run(["gcc", "-E", "-P", "-"], input=kept, capture_output=True, text=True, check=True).stdout


def load():
    ffi = cffi.FFI()
    ffi.cdef(preprocessed_header())
    build = os.environ.get("BUILD_DIR", str(ROOT / ".build" / "debug"))
    return ffi, ffi.dlopen(os.path.join(build, "libcanvas.so"))


def test_constants_are_read_from_the_loaded_library():
    ffi, lib = load()
    assert lib.CANVAS_OK == 0
    assert lib.CANVAS_ERR_NOT_FOUND == 8
    assert lib.CANVAS_PINCH_FAILED == 4
    assert lib.canvas_abi_version() == 1


def test_a_layout_resolves_through_the_parsed_declarations():
    ffi, lib = load()
    engine = lib.canvas_engine_create()
    try:
        sizes = ffi.new("canvas_size[]", [(10, 10), (20, 10)])
        assert lib.canvas_set_items(engine, sizes, ffi.NULL, 2) == lib.CANVAS_OK
        assert lib.canvas_set_layout_flow(engine, 5, 5, lib.CANVAS_FLOW_ALIGN_TOP, 1000) == lib.CANVAS_OK
        assert lib.canvas_resolve(engine) == lib.CANVAS_OK
        size = ffi.new("canvas_size *")
        assert lib.canvas_get_content_size(engine, size) == lib.CANVAS_OK
        assert (size.width, size.height) == (35, 10)
    finally:
        lib.canvas_engine_destroy(engine)
