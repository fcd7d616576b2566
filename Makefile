# pml — build, test, benchmark.  `make` builds ./pml; `make test` installs
# what is missing, builds, and runs every test; `make bench` prints figures.

CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=gnu11 -Wall -Wextra -Ibuild -Ilang -Isrc -DGC_THREADS
LDLIBS  += -lgc -lm -lpthread
B       ?= build

# Debian packages the build, the tests and the plots need.
DEBS = re2c lemon libgc-dev graphviz gnuplot-nox smlnj python3

LIB_SRC = $(filter-out src/main.c,$(wildcard src/*.c)) $(wildcard lang/*.c)
LIB_OBJ = $(patsubst %.c,$(B)/%.o,$(LIB_SRC)) $(B)/gen/lexer.o $(B)/gen/grammar.o $(B)/gen/prelude.o
UNIT_SRC = $(wildcard tests/unit/test_*.c)
UNIT_BIN = $(patsubst tests/unit/%.c,$(B)/tests/%,$(UNIT_SRC))

all: pml

pml: $(B)/pml
	cp $(B)/pml pml

$(B)/pml: $(LIB_OBJ) $(B)/src/main.o
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(LDLIBS)

# Generated C goes to the build directory, never into git.
$(B)/gen/lexer.c: lang/lexer.re
	@mkdir -p $(@D)
	re2c -W --no-generation-date -o $@ $<
$(B)/gen/grammar.c: lang/grammar.y
	@mkdir -p $(@D)
	cp lang/grammar.y $(B)/gen/grammar.y
	cd $(B)/gen && lemon -s grammar.y >/dev/null
$(B)/gen/grammar.h: $(B)/gen/grammar.c
# The prelude is compiled in, so ./pml runs from any directory.
$(B)/gen/prelude.c: lib/prelude.pml
	@mkdir -p $(@D)
	{ echo '/* generated from lib/prelude.pml */'; \
	  echo 'const char pml_prelude_text[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $<; \
	  echo ';'; \
	  echo 'const unsigned long pml_prelude_len = sizeof pml_prelude_text - 1;'; } > $@
$(B)/gen/lexer.o: $(B)/gen/lexer.c $(B)/gen/grammar.h
	$(CC) $(CFLAGS) -I$(B)/gen -c -o $@ $<
$(B)/gen/grammar.o: $(B)/gen/grammar.c
	$(CC) $(CFLAGS) -Wno-unused-parameter -Wno-sign-compare -I$(B)/gen -c -o $@ $<
$(B)/%.o: %.c $(B)/gen/grammar.h $(wildcard src/*.h lang/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -I$(B)/gen -c -o $@ $<

$(B)/tests/%: tests/unit/%.c $(LIB_OBJ) $(wildcard tests/unit/*.h)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -I$(B)/gen -o $@ $< $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

units: $(UNIT_BIN)

# Benchmarks link like the unit tests (all library objects); bench/run.sh builds them.
$(B)/bench/%: bench/%.c $(LIB_OBJ) tests/unit/gen_graph.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) -Itests/unit -I$(B)/gen -o $@ $< $(LIB_OBJ) $(LDFLAGS) $(LDLIBS)

deps:
	@missing=$$(for p in $(DEBS); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  echo "installing:" $$missing; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

test: deps
	$(MAKE) pml units
	tests/run.sh

bench: deps pml
	bench/run.sh

clean:
	rm -rf $(B) pml

.PHONY: all pml units deps test bench clean
