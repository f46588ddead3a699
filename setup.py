"""The compiled fast paths. Each is optional: without a C compiler the package installs and runs
on its pure-Python paths, which compute the same results. The C lives in src/mtcompute/fast/_c/,
one file per extension and the headers they share."""

from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

COMPILED = (
    "_segment",
    "_tokens",
    "_sentence_score",
    "_pairwise",
    "_tokenize",
    "_ter",
    "_chrf_sentences",
    "_shared_references",
    "_resampling",
    "_edits",
    "_rouge",
    "_lines",
)


class BuildExact(build_ext):
    """The doubles of ``_sentence_score`` must be evaluated as written: no fused multiply-add,
    which GCC and Clang would otherwise form on targets that have it."""

    def build_extensions(self) -> None:
        if self.compiler.compiler_type == "unix":
            for extension in self.extensions:
                extension.extra_compile_args += ["-ffp-contract=off", "-fno-fast-math"]
                if extension.name.endswith(("_pairwise", "_shared_references")):  # threads
                    extension.extra_compile_args.append("-pthread")
                    extension.extra_link_args.append("-pthread")
        super().build_extensions()


setup(
    ext_modules=[
        Extension(
            f"mtcompute.fast.{name}",
            [f"src/mtcompute/fast/_c/{name}.c"],
            # Every header of the folder: the kernels' own tables and what they share.
            depends=glob("src/mtcompute/fast/_c/*.h"),
            optional=True,
        )
        for name in COMPILED
    ],
    cmdclass={"build_ext": BuildExact},
)
