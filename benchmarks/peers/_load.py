"""Loading a peer whose import name clashes with ours.

``dlx`` 1.0.4 (a package) and ``dlx-cython`` (an extension module) both install a top-level
module called ``dlx``, as this project does.  Their adapters therefore never ``import dlx``:
they find the file through the distribution's record and load it under a private name.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import sys
from types import ModuleType


def from_distribution(distribution: str, path_suffix: str, name: str) -> ModuleType:
    """Load the module file of ``distribution`` whose path ends with ``path_suffix``.

    ``name`` is the private module name; for an extension module its last dotted part must
    be the module's own name (here ``dlx``), which its init function is named after.
    Raises ImportError (PackageNotFoundError) when the distribution is not installed.
    """
    if name in sys.modules:
        return sys.modules[name]
    files = importlib.metadata.distribution(distribution).files or []
    matches = [f for f in files if str(f).endswith(path_suffix)]
    if not matches:
        raise ImportError(f"{distribution} is installed but has no file ending {path_suffix}")
    spec = importlib.util.spec_from_file_location(name, matches[0].locate())
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {matches[0]} from {distribution}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
