# pml — build, test, benchmark.  `make` builds ./pml; `make test` installs
# what is missing, builds, and runs every test; `make bench` prints figures.

CC      ?= cc
CFLAGS  ?= -O2 -g
# One folder per stage of the pipeline (README: Layout); each folder's
# headers are its interface, included by name.
STAGES  = lang src/eval src/exec src/graph src/race src/sched src/time src/space src/worst src/paths src/out src/cli
CFLAGS  += -std=gnu11 -Wall -Wextra $(addprefix -I,$(STAGES)) -DGC_THREADS $(SANFLAGS)
LDFLAGS += $(SANFLAGS)
LDLIBS  += -lgmp -lgc -lm -lpthread
B       ?= build
# Sanitizer builds set SANFLAGS and their own B (see asan, tsan and fuzz below).
SANFLAGS ?=
ASAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
TSAN_FLAGS = -fsanitize=thread -fno-omit-frame-pointer
FUZZ_FLAGS = -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined \
             -fno-omit-frame-pointer
FUZZ_SECONDS ?= 60

# Debian packages: what building and using pml needs (make deps), what the
# tests add (SML/NJ as the oracle, GNU parallel for sharded sweeps), and the
# sanitizer and fuzzer builds' clang with its runtime of the same version
# (make san-deps: libclang-rt-N-dev exists only for clang N, so N is read
# from the installed clang, not written here).
DEBS      = re2c lemon libgc-dev libgmp-dev graphviz gnuplot-nox
TEST_DEBS = smlnj python3 python3-pandas python3-numpy python3-networkx parallel chromium man-db

# pml's version; with git, the commit it was built from is added.
VERSION = 0.1

LIB_SRC = $(filter-out src/cli/main.c,$(wildcard $(addsuffix /*.c,$(STAGES))))
LIB_OBJ = $(patsubst %.c,$(B)/%.o,$(LIB_SRC)) $(B)/gen/lexer.o $(B)/gen/grammar.o $(B)/gen/prelude.o $(B)/gen/view_assets.o
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(patsubst tests/unit/%.c,$(B)/tests/%,$(UNIT_SRC))

all: pml

pml: $(B)/pml $(B)/pml.1
	cp $(B)/pml pml.new && mv -f pml.new pml

# The manual page: written by pml itself from the option rows its --help
# prints (src/cli/manpage.c), so it is never kept by hand and cannot
# drift; man -l build/pml.1 reads it.
$(B)/pml.1: $(B)/pml
	$(B)/pml help --man > $@.new && mv -f $@.new $@

$(B)/pml: $(LIB_OBJ) $(B)/src/cli/main.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

# ./pml-static: pml linked statically, to run where libgc is not installed
# (bench/exec-16core.sh on another machine)
static: $(LIB_OBJ) $(B)/src/cli/main.o
	$(CC) $(CFLAGS) -static -o pml-static.new $^ $(LDFLAGS) $(LDLIBS) && mv -f pml-static.new pml-static

# Generated C goes to the build directory, never into git.
$(B)/gen/lexer.c: lang/lexer.re
	@mkdir -p $(@D)
	re2c -W --no-generation-date -o $@ $<
$(B)/gen/grammar.c: lang/grammar.y
	@mkdir -p $(@D)
	cp lang/grammar.y $(B)/gen/grammar.y
	cd $(B)/gen && lemon -s grammar.y >/dev/null
$(B)/gen/grammar.h: $(B)/gen/grammar.c
# What pml --version says of this build: rewritten only when it changes.
$(B)/gen/build_info.h: FORCE
	@mkdir -p $(@D)
	@{ c=$$(git describe --always --dirty 2>/dev/null); \
	  echo "#define PML_VERSION \"$(VERSION)$${c:+ ($$c)}\""; \
	  echo "#define PML_RE2C_VERSION \"$$(re2c --version 2>/dev/null | head -1 | sed 's/^re2c //')\""; \
	  echo "#define PML_LEMON_VERSION \"$$(lemon -x 2>/dev/null | head -1 | sed 's/^Lemon version //')\""; } > $@.new
	@if cmp -s $@.new $@; then rm -f $@.new; else mv -f $@.new $@; fi
$(B)/src/cli/version.o: $(B)/gen/build_info.h
FORCE:
# The prelude is compiled in, so ./pml runs from any directory.
$(B)/gen/prelude.c: lib/prelude.pml
	@mkdir -p $(@D)
	{ echo '/* generated from lib/prelude.pml */'; \
	  echo 'const char pml_prelude_text[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	  echo ';'; \
	  echo 'const unsigned long pml_prelude_len = sizeof pml_prelude_text - 1;'; } > $@
# pml view's page script and style, compiled in the same way (no network,
# nothing vendored: plain hand-written JavaScript and CSS), and the example
# programs its lessons run (pml view --lesson, docs/view.md), so that a
# lesson needs no file beside pml.
VIEW_LESSON_PROGRAMS = matmul quicksort quicksort_join nqueens
C_STRING = sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/'
$(B)/gen/view_assets.c: src/out/view.js src/out/view.css $(VIEW_LESSON_PROGRAMS:%=examples/%.pml)
	@mkdir -p $(@D)
	{ echo '/* generated from src/out/view.js, view.css and examples/ (the lessons) */'; \
	  echo 'const char pml_view_js[] ='; $(C_STRING) src/out/view.js; echo ';'; \
	  echo 'const char pml_view_css[] ='; $(C_STRING) src/out/view.css; echo ';'; \
	  for x in $(VIEW_LESSON_PROGRAMS); do \
	    echo "const char pml_example_$$x[] ="; $(C_STRING) examples/$$x.pml; echo ';'; \
	  done; } > $@
$(B)/gen/lexer.o: $(B)/gen/lexer.c $(B)/gen/grammar.h
	$(CC) $(CFLAGS) -I$(B)/gen -c -o $@ $<
$(B)/gen/grammar.o: $(B)/gen/grammar.c
	$(CC) $(CFLAGS) -Wno-unused-parameter -Wno-sign-compare -I$(B)/gen -c -o $@ $<
$(B)/%.o: %.c $(B)/gen/grammar.h $(wildcard $(addsuffix /*.h,$(STAGES)))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I$(B)/gen -c -o $@ $<

# The literal space oracle (paper Definitions 2-4) is a test oracle: it lives
# in tests/oracle and links only into the tests and benchmarks.
ORACLE_OBJ = $(B)/tests/oracle/space_oracle.o
$(ORACLE_OBJ): tests/oracle/space_oracle.c tests/oracle/space_oracle.h $(wildcard $(addsuffix /*.h,$(STAGES)))
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -c -o $@ $<

$(B)/tests/%: tests/unit/%.c $(LIB_OBJ) $(ORACLE_OBJ) $(wildcard tests/unit/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -Itests/oracle -I$(B)/gen -o $@ $< $(LIB_OBJ) $(ORACLE_OBJ) $(LDFLAGS) $(LDLIBS)

# The benchmarks build with the unit tests, so the suite's bench smoke run
# (tests/test_bench_smoke.sh) finds them on every build, sanitizer included.
BENCH_BIN = $(B)/bench/bench_sim $(B)/bench/bench_eval $(B)/bench/bench_bounds $(B)/bench/bench_race $(B)/bench/bench_types
units: $(UNIT_BIN) $(BENCH_BIN)

# Benchmarks link like the unit tests (all library objects); bench/run.sh builds them.
$(B)/bench/%: bench/%.c $(LIB_OBJ) $(ORACLE_OBJ) tests/unit/gen_graph.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -Itests/oracle -I$(B)/gen -o $@ $< $(LIB_OBJ) $(ORACLE_OBJ) $(LDFLAGS) $(LDLIBS)

# apt-get only what is missing (as root, on Debian).
APT_INSTALL = missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

deps:
	@$(call APT_INSTALL,$(DEBS))

test-deps: deps
	@$(call APT_INSTALL,$(TEST_DEBS))

san-deps:
	@$(call APT_INSTALL,clang)
	@v=$$(clang -dumpversion | cut -d. -f1); $(call APT_INSTALL,libclang-rt-$$v-dev)

# The suite runs twice: on the normal build, then on the sanitizer build
# (docs/reliability.md), and pml exec's tests a third time on the
# ThreadSanitizer build; all must pass.  tests/run-all.sh gives each run's
# time and the sum of all.
test: test-deps san-deps
	$(MAKE) pml units
	$(MAKE) asan
	$(MAKE) tsan
	tests/run-all.sh

# The normal build's suite alone, for a quick answer.
check: test-deps
	$(MAKE) pml units
	tests/run.sh

# AddressSanitizer + UndefinedBehaviorSanitizer: build-asan/ and ./pml-asan.
asan: san-deps
	$(MAKE) B=build-asan CC=clang SANFLAGS="$(ASAN_FLAGS)" build-asan/pml units
	cp build-asan/pml pml-asan.new && mv -f pml-asan.new pml-asan

# ThreadSanitizer: build-tsan/ and ./pml-tsan, for pml exec's runtime
# (tests/run-tsan.sh runs the exec tests on it; docs/reliability.md).
tsan: san-deps
	$(MAKE) B=build-tsan CC=clang SANFLAGS="$(TSAN_FLAGS)" build-tsan/pml
	cp build-tsan/pml pml-tsan.new && mv -f pml-tsan.new pml-tsan

# libFuzzer harnesses (fuzz/*.c) for the front end, the evaluator and the
# merge of a sharded sweep's parts; each runs FUZZ_SECONDS on its corpus in
# fuzz/out/ (docs/reliability.md).
FUZZERS = fuzz_front fuzz_eval fuzz_merge
$(B)/fuzz/%: fuzz/%.c fuzz/fuzz_common.h $(LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -I$(B)/gen -o $@ $< $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

fuzz-build: san-deps
	$(MAKE) B=build-fuzz CC=clang SANFLAGS="$(FUZZ_FLAGS)" $(addprefix build-fuzz/fuzz/,$(FUZZERS))

fuzz: fuzz-build
	for f in $(FUZZERS); do fuzz/run.sh $$f $(FUZZ_SECONDS) || exit 1; done

# Source coverage of the corpora fuzz/out/* (figures in docs/reliability.md).
fuzz-cov: san-deps
	$(MAKE) B=build-fuzzcov CC=clang SANFLAGS="-fprofile-instr-generate -fcoverage-mapping -fsanitize=fuzzer-no-link" \
	    $(addprefix build-fuzzcov/fuzz/,$(FUZZERS))
	fuzz/coverage.sh

bench: deps pml
	bench/run.sh

# Every benchmark once at tiny sizes: checks that they run, times nothing.
bench-smoke: pml $(BENCH_BIN)
	B=$(B) bench/run.sh --smoke

# make install PREFIX=DIR: the binary (the prelude is compiled in), the
# man page, the bash completion, and under PREFIX/share what pml's
# messages cite: the documents in doc/pml/ (README.md, docs/*.md and their
# pictures), the examples in pml/examples/, the prelude's source in pml/
# (docs/options.md: an installed pml cites these copies).  The man page is
# written by the pml installed, for PREFIX (pml help --man PREFIX), not
# DESTDIR, where a package is staged.  Every path is quoted for the shell
# (q: in single quotes, a ' as '\''), so PREFIX and DESTDIR may hold
# spaces and quotes.
PREFIX ?= /usr/local
q = '$(subst ','\'',$(1))'
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
DOCDIR = $(DESTDIR)$(PREFIX)/share/doc/pml
DATADIR = $(DESTDIR)$(PREFIX)/share/pml
install: pml
	install -d $(call q,$(BINDIR)) $(call q,$(MANDIR)) $(call q,$(BASHDIR)) $(call q,$(DOCDIR)/img) \
	    $(call q,$(DATADIR)/examples)
	install -m 755 pml $(call q,$(BINDIR)/pml)
	./pml help --man $(call q,$(PREFIX)) > $(call q,$(MANDIR)/pml.1.new)
	mv -f $(call q,$(MANDIR)/pml.1.new) $(call q,$(MANDIR)/pml.1)
	chmod 644 $(call q,$(MANDIR)/pml.1)
	install -m 644 docs/pml.bash $(call q,$(BASHDIR)/pml)
	install -m 644 README.md docs/*.md $(call q,$(DOCDIR))
	install -m 644 docs/img/* $(call q,$(DOCDIR)/img)
	install -m 644 examples/* $(call q,$(DATADIR)/examples)
	install -m 644 lib/prelude.pml $(call q,$(DATADIR)/prelude.pml)

clean:
	rm -rf $(B) pml pml-static build-asan pml-asan build-tsan pml-tsan build-fuzz build-fuzzcov

.PHONY: FORCE all pml static units install deps test-deps san-deps test check asan tsan fuzz fuzz-build fuzz-cov bench bench-smoke clean
