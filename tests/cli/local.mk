# tests/cli/local.mk -- the programs' command-line conventions: the GNU
# --version text, --help within 80 columns, the bash completion offering
# every option --help names, and one version number (configure.ac's) in
# debian/changelog and the man pages.
# Included at the end of the top-level Makefile.am; paths are relative to
# the top directory.

CLI_SH_TESTS = tests/cli/help.sh tests/cli/completion.sh \
	tests/cli/versions.sh
TESTS += $(CLI_SH_TESTS)
EXTRA_DIST += tests/cli/local.mk tests/cli/programs.sh $(CLI_SH_TESTS)
# The completion test needs the generated scripts.
check_DATA = $(COMPLETIONS)
if HAVE_WEB
CLI_WEB = $(abs_top_builddir)/src/triad-web$(EXEEXT)
endif
AM_TESTS_ENVIRONMENT += TRIAD_WEB='$(CLI_WEB)'; \
	PACKAGE_VERSION='$(PACKAGE_VERSION)'; \
	COMPLETION_DIR='$(abs_top_builddir)/completion'; \
	export TRIAD_WEB PACKAGE_VERSION COMPLETION_DIR;

# The Debian packaging travels with the sources (a native package): the
# version test reads debian/changelog, in distcheck too.
EXTRA_DIST += debian/changelog debian/control debian/copyright debian/rules \
	debian/source/format debian/not-installed debian/triad.install \
	debian/triad.docs debian/triad-web.install debian/triad-web.docs \
	debian/tests/control debian/tests/protocol debian/tests/match \
	debian/tests/web debian/triad.lintian-overrides \
	debian/triad-web.lintian-overrides

# make installcheck (distcheck runs it on its own --prefix): the
# autopkgtests of debian/tests against the programs installed there
# (triad-web, started without --root, must serve $(webdir)), and the
# completions where bash-completion looks for them.
installcheck-local:
	@for f in $(COMPLETIONS); do \
	    f=$(DESTDIR)$(bashcompletiondir)/$${f#completion/}; \
	    test -r "$$f" || { echo "not installed: $$f"; exit 1; }; \
	done
	TRIAD_BINDIR='$(DESTDIR)$(bindir)' bash $(srcdir)/debian/tests/protocol
	TRIAD_BINDIR='$(DESTDIR)$(bindir)' $(SHELL) $(srcdir)/debian/tests/match
if HAVE_WEB
	@if command -v curl >/dev/null 2>&1; then \
	    echo "TRIAD_BINDIR='$(bindir)' $(SHELL) debian/tests/web"; \
	    TRIAD_BINDIR='$(bindir)' TRIAD_PAGEDIR='$(webdir)' \
	        $(SHELL) $(srcdir)/debian/tests/web; \
	else echo "no curl: triad-web's installed test skipped"; fi
endif
