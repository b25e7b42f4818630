# The wheel carries a native library but no Python extension module, so it
# works with any Python 3 on its platform: tag py3-none-PLATFORM, with
# Root-Is-Purelib: false and the package at the wheel's root (platlib).
# PLATFORM comes from the staged setup.cfg ([bdist_wheel] plat_name), which
# pkg/python/build_wheel.py reads off the library itself.
from setuptools import setup
from setuptools.dist import Distribution
from wheel.bdist_wheel import bdist_wheel


class PlatformDistribution(Distribution):
    def has_ext_modules(self):
        return True          # a native library: platlib, not purelib


class bdist_platform_wheel(bdist_wheel):
    def finalize_options(self):
        super().finalize_options()
        if not self.plat_name_supplied:
            raise SystemExit("sqlite-urn: build the wheel with `make wheel`: "
                             "it names the platform the library was built for")

    def get_tag(self):
        return "py3", "none", self.plat_name


setup(distclass=PlatformDistribution,
      cmdclass={"bdist_wheel": bdist_platform_wheel})
