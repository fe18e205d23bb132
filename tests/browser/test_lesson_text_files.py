"""A lesson's MyST text file, double-clicked in JupyterLab's file browser, opens as a notebook.

This is what lets a teacher edit the lesson source itself: ``make`` writes the JupyterLab setting that
makes jupytext's notebook viewer the default for Markdown (``overrides.json`` in the environment), and
jupytext's contents manager reads the ``.md`` as cells.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .harness import PROJECTOR, artifacts_dir, jupyter_lab

pytestmark = pytest.mark.browser

TEXT_LESSON = "01_meet_eleusis.md"


def test_double_clicking_a_lesson_text_file_opens_a_notebook(
    browser: Any, lessons_copy: Path, tmp_path: Path
) -> None:
    with jupyter_lab(lessons_copy, tmp_path / "jupyter") as server:
        page = browser.new_page(viewport=PROJECTOR)
        try:
            page.goto(f"{server.url}/lab?reset", wait_until="domcontentloaded")
            item = page.locator(f".jp-DirListing-item[title*='{TEXT_LESSON}']").first
            item.wait_for(state="visible", timeout=60_000)
            item.dblclick()
            # The panel appears at once; its cells arrive when the contents manager has read the file.
            page.wait_for_function(
                "() => { const w = window.jupyterapp.shell.currentWidget;"
                " return !!w && !!w.context && w.context.isReady; }",
                timeout=60_000,
            )
            opened = page.evaluate(
                """() => {
                  const w = window.jupyterapp.shell.currentWidget;
                  const model = w.content && w.content.model;
                  return {path: w.context.path, notebook: !!model && !!model.cells,
                          cells: model && model.cells ? model.cells.length : 0,
                          first: model && model.cells ? model.cells.get(0).sharedModel.source : ''};
                }"""
            )
            page.screenshot(path=str(artifacts_dir() / "lab-text-lesson.png"), full_page=False)
        finally:
            page.close()
    assert opened["path"].endswith(TEXT_LESSON)
    assert opened["notebook"], "the text file opened in a text editor, not as a notebook"
    assert opened["cells"] > 5, f"the text file opened with {opened['cells']} cells, not as the lesson"
    assert opened["first"].startswith("# Lesson 1")
