"""The workers' shared assertion rewrite (``tests/rewrite_cache.py``): what the controller
stores is what pytest reads back, with every assertion still explained."""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.assertion import rewrite

from tests.rewrite_cache import cache_dir_in, modules_to_rewrite, rewrite_into, worker_share


def test_a_stored_module_reads_back_and_explains_its_failures(
        tmp_path: Path, pytestconfig: pytest.Config) -> None:
    source = tmp_path / "src" / "test_sample.py"
    source.parent.mkdir()
    source.write_text("def test_it():\n    seen = [1, 2]\n    assert seen == [1, 3]\n",
                      encoding="utf-8")
    cache = tmp_path / "cache"
    assert rewrite_into(pytestconfig, iter([source]), cache) == 1
    pyc = cache_dir_in(cache)(source) / ("test_sample" + rewrite.PYC_TAIL)
    code = rewrite._read_pyc(source, pyc, lambda *_: None)
    assert code is not None, f"pytest did not accept {pyc}"
    space: dict[str, object] = {}
    exec(code, space)
    test = space["test_it"]
    assert callable(test)
    with pytest.raises(AssertionError) as failed:
        test()
    assert "[1, 2] == [1, 3]" in str(failed.value)


def test_a_changed_source_is_not_read_from_the_store(
        tmp_path: Path, pytestconfig: pytest.Config) -> None:
    source = tmp_path / "test_changed.py"
    source.write_text("def test_it():\n    assert True\n", encoding="utf-8")
    cache = tmp_path / "cache"
    rewrite_into(pytestconfig, iter([source]), cache)
    source.write_text("def test_it():\n    assert 1 + 1 == 2  # longer now\n",
                      encoding="utf-8")
    pyc = cache_dir_in(cache)(source) / ("test_changed" + rewrite.PYC_TAIL)
    assert pyc.is_file()
    assert rewrite._read_pyc(source, pyc, lambda *_: None) is None


def test_the_modules_are_the_test_modules_and_conftests_collection_meets(
        pytestconfig: pytest.Config) -> None:
    tests = Path(__file__).resolve().parent
    found = list(modules_to_rewrite(["tests", "tests/test_table.py::test_x"], tests.parent,
                                    list(pytestconfig.getini("python_files"))))
    assert found[0] == tests / "conftest.py"
    assert tests / "ui" / "conftest.py" in found
    assert Path(__file__).resolve() in found
    assert found[-1] == tests / "test_table.py"  # a file named alone, once more
    assert all(p.name.startswith("test_") or p.name == "conftest.py" for p in found), found
    assert tests / "ui" / "helpers.py" not in found and tests / "write_guard.py" not in found
    assert len(found) == len(set(found)) + 1
    assert len(found) > 200


def test_the_workers_shares_cover_every_module_once() -> None:
    files = [Path(f"test_{i}.py") for i in range(10)]
    shares = [worker_share(files, f"gw{k}", "3") for k in range(3)]
    assert sorted(f for share in shares for f in share) == sorted(files)
    assert shares[0][:2] == [files[0], files[3]] and shares[2] == [files[2], files[5], files[8]]
    # A worker whose name or count cannot be read rewrites nothing for the others.
    assert worker_share(files, "", "") == [] and worker_share(files, "gw5", "3") == []
