"""scripts/gen-abi-docs: every declared function gets an entry of its own,
banners become headings, and --check fails on a declaration without one."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "scripts" / "gen-abi-docs"
DOC = (ROOT / "docs" / "c-abi.md").read_text()

HEADER = """\
/* ======================================================================
** Sizing
** ====================================================================== */

/*
** METHOD: canvas_engine
** Sets the size.
**
** Errors: CANVAS_ERR_NULL (engine).
*/
int canvas_documented(int x);
"""


def run(tmp_path, text):
    header = tmp_path / "canvas.h"
    header.write_text(text)
    return subprocess.run([sys.executable, str(GENERATOR), "--check", "--header", str(header)],
                          capture_output=True, text=True)


def test_every_function_of_canvas_h_has_a_heading_and_a_signature():
    header = (ROOT / "include" / "canvas.h").read_text()
    import importlib.machinery, importlib.util
    loader = importlib.machinery.SourceFileLoader("gen_abi_docs", str(GENERATOR))
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("gen_abi_docs", loader))
    loader.exec_module(module)
    functions = module.declared_functions(header)
    assert "canvas_set_item_size" in functions and "canvas_set_viewport_size" in functions
    assert module.missing_entries(header, DOC) == []
    for name in ("canvas_set_item_size", "canvas_set_viewport_size"):
        assert f"### `{name}`" in DOC
        assert f"canvas_status {name}(canvas_engine *engine" in DOC


def test_no_heading_is_a_rule_and_no_entry_runs_into_another():
    for line in DOC.splitlines():
        if line.startswith("#"):
            assert set(line.lstrip("# ")) - {"-", "="}, line
    assert ". METHOD:" not in DOC and "published. METHOD" not in DOC
    assert "## A free canvas you can edit\n" in DOC


def test_a_banner_right_above_an_entry_keeps_the_entry(tmp_path):
    result = run(tmp_path, HEADER)
    assert "no entry" not in result.stderr, result.stderr


def test_check_fails_on_a_declaration_without_an_entry(tmp_path):
    bare = HEADER + "\nint canvas_bare(int x);\n"
    result = run(tmp_path, bare)
    assert result.returncode == 1
    assert "canvas_bare" in result.stderr and "canvas_documented" not in result.stderr


def test_check_fails_on_a_declaration_right_under_a_banner(tmp_path):
    under_banner = "/* ====\n** Section\n** ==== */\nint canvas_under_banner(void);\n"
    result = run(tmp_path, under_banner)
    assert result.returncode == 1 and "canvas_under_banner" in result.stderr
