"""Where boards save their rounds: moved to :mod:`eleusis_lab.session.saves` (no widgets needed to save)."""

from __future__ import annotations

from eleusis_lab.session.saves import (
    default_save_dir,
    new_save_path,
    read_sidecar,
    sidecar_path,
    write_sidecar,
)

__all__ = ["default_save_dir", "new_save_path", "read_sidecar", "sidecar_path", "write_sidecar"]
