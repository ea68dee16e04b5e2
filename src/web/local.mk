# src/web/local.mk -- triad-web, the browser front end, with its page
# (web/), documentation and tests.  Included at the end of the top-level
# Makefile.am; paths are relative to the top directory.

webdir = $(pkgdatadir)/web
WEB_PAGE = web/index.html web/style.css web/app.js web/board.js web/clock.js \
	web/motion.js web/clicks.js web/tree.js web/sgf.js web/movelist.js web/favicon.svg \
	web/arrows.js web/graph.js web/analysis.js web/review.js \
	web/game-dvonn.js web/game-truchet.js web/game-cephalopod.js
dist_web_DATA = $(WEB_PAGE)
dist_doc_DATA += doc/triad-web.md
docwebdir = $(docdir)/web
dist_docweb_DATA = doc/web/dvonn-desktop.png doc/web/dvonn-phone.png \
	doc/web/truchet-desktop.png doc/web/truchet-phone.png \
	doc/web/cephalopod-desktop.png doc/web/cephalopod-phone.png \
	doc/web/review-dvonn.png doc/web/review-truchet.png \
	doc/web/review-cephalopod.png
WEB_SOURCES = \
	src/web/analysis.c src/web/analysis.h \
	src/web/analysisreq.c src/web/analysisreq.h \
	src/web/api.c src/web/api.h \
	src/web/events.c src/web/events.h \
	src/web/files.c src/web/files.h \
	src/web/guard.c src/web/guard.h \
	src/web/policy.c src/web/policy.h \
	src/web/relay.c src/web/relay.h \
	src/web/server.c src/web/server.h \
	src/web/sessions.c src/web/sessions.h \
	src/web/weblog.c src/web/weblog.h
EXTRA_DIST += src/web/local.mk $(WEB_SOURCES) src/web/main.c doc/triad-web.1 \
	tests/web/package.json tests/web/package-lock.json \
	tests/web/browser.mjs tests/web/tree.mjs tests/web/panel.mjs tests/web/run.sh tests/web/toygame.mjs \
	tests/web/hostile.mjs tests/web/fake-engine.sh \
	tests/web/load.mjs tests/web/serve.mjs tests/web/chromium.mjs

if HAVE_WEB
bin_PROGRAMS += src/triad-web
man1_MANS += doc/triad-web.1
src_triad_web_SOURCES = src/web/main.c $(WEB_SOURCES)
src_triad_web_CPPFLAGS = $(AM_CPPFLAGS) $(WEB_CFLAGS) \
	-DWEB_SOURCE_ROOT='"$(abs_top_srcdir)/web"' \
	-DWEB_BUILD_PROGDIR='"$(abs_top_builddir)/src"' \
	-DWEB_INSTALL_ROOT='"$(webdir)"'
src_triad_web_LDADD = src/libtriad.a $(WEB_LIBS)

# The relay and the session table against this build's engine.
if HAVE_CHECK
check_PROGRAMS += tests/check_web
TESTS += tests/check_web
tests_check_web_SOURCES = tests/check_web.c $(WEB_SOURCES)
tests_check_web_CPPFLAGS = $(AM_CPPFLAGS) $(WEB_CFLAGS)
tests_check_web_CFLAGS = $(CHECK_CFLAGS_ALL)
tests_check_web_LDADD = $(CHECK_LDADD_ALL) $(WEB_LIBS)
endif
endif
