# completion/local.mk -- bash completion of the programs' options, made
# at build time from each program's own --help (completion/generate.sh)
# and installed in bashcompletiondir (configure: bash-completion's
# completionsdir).  Included at the end of the top-level Makefile.am;
# paths are relative to the top directory.

COMPLETIONS = completion/triad completion/triad-match
if HAVE_WEB
COMPLETIONS += completion/triad-web
endif
bashcompletion_DATA = $(COMPLETIONS)
CLEANFILES = $(COMPLETIONS)
EXTRA_DIST += completion/local.mk completion/generate.sh
COMPLETION_GEN = $(MKDIR_P) completion && \
	$(SHELL) $(srcdir)/completion/generate.sh

completion/triad: src/triad$(EXEEXT) completion/generate.sh
	$(AM_V_GEN)$(COMPLETION_GEN) src/triad$(EXEEXT) src/triad$(EXEEXT) \
	    > $@.tmp && mv $@.tmp $@
completion/triad-match: src/triad-match$(EXEEXT) src/triad$(EXEEXT) \
	    completion/generate.sh
	$(AM_V_GEN)$(COMPLETION_GEN) src/triad-match$(EXEEXT) \
	    src/triad$(EXEEXT) > $@.tmp && mv $@.tmp $@
completion/triad-web: src/triad-web$(EXEEXT) src/triad$(EXEEXT) \
	    completion/generate.sh
	$(AM_V_GEN)$(COMPLETION_GEN) src/triad-web$(EXEEXT) \
	    src/triad$(EXEEXT) > $@.tmp && mv $@.tmp $@
