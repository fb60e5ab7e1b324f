# lwl: build, run, test, install. `make run` and `make test` install what is
# missing first, so they work on a fresh clone.

PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
MANDIR := $(PREFIX)/share/man/man1
SOURCES := $(shell find src term -name '*.ts') keymap.ts package.json Makefile
VERSION := $(shell node -p "require('./package.json').version")

# The standalone executable (issue 15): dist/lwl injected into a copy of a node
# binary as a single executable application (SEA). For another platform, name
# that platform's node binary of the same version (see the README).
HOST := $(shell node -p "process.platform + '-' + process.arch")
PLATFORM ?= $(HOST)
NODE_BIN ?= $(shell node -p process.execPath)
EXE := dist/lwl-$(PLATFORM)
CROSS := $(filter-out $(HOST),$(PLATFORM))
# V8's code cache of the bundle, made by this node: only this platform can load it.
CODE_CACHE ?= $(if $(CROSS),false,true)
# Debug info and symbols the executable does not need (`STRIP=:` keeps them); this
# machine's strip may not know another platform's format.
STRIP ?= $(if $(CROSS),:,strip)
SEA_FUSE := NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2

.PHONY: all run test unit e2e test-exe exe typecheck bench install uninstall clean

all: dist/lwl

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# build.mjs bundles with esbuild; no import() is left in the bundle (it becomes a
# lazy require): the executable's embedded main script has no loader for import()
# (Node 20). Packages only some inputs need are carried as strings, compiled on first use.
dist/lwl: node_modules/.package-lock.json $(SOURCES) build.mjs
	@mkdir -p dist
	node build.mjs $@ $(VERSION)
	@chmod +x $@
	@echo '{"type": "commonjs"}' > dist/package.json # dist/lwl is CommonJS, whatever the project's type

# The manual page, made by lwl from the same source as --help and the help screen.
dist/lwl.1: dist/lwl
	./dist/lwl --manual > $@

run: dist/lwl
	./dist/lwl samples/tour.md

typecheck: node_modules/.package-lock.json
	npx tsc -p .

test: dist/lwl typecheck
	npx vitest run

# Unit tests alone: no build needed.
unit: node_modules/.package-lock.json
	npx vitest run --project unit

# The end-to-end tests alone, on a fresh build (LWL_BIN=... picks another binary).
e2e: dist/lwl
	npx vitest run --project e2e

# The end-to-end tests on the executable.
test-exe: $(EXE)
	LWL_BIN=$(EXE) npx vitest run --project e2e

exe: $(EXE)

# The executable's asset of V8's cache of the bundle (in a variable: its comma would split an $(if)).
SEA_CACHE_ASSET := , "bundle.v8": "dist/sea/bundle.v8"

# The SEA's main script is dist/lwl itself, its shell line made a comment: its
# start (src/boot.ts) compiles the bundle with the code cache it keeps in the
# user's cache directory, which holds the code the first screen ran (the blob's
# own cache, made without running the script, holds only the top level: the
# first screen then compiled the rest, some 3 ms). The blob holds the script
# and V8's code cache for the start. It is injected into a stripped copy of node
# (strip first: stripping afterwards would drop the blob's note).
$(EXE): dist/lwl
	@mkdir -p dist/sea
	sed '1s|.*|// lwl, the standalone executable: dist/lwl, whose shell line this was|' dist/lwl > dist/sea/main.cjs
	cp dist/lwl.cjs dist/sea/lwl.cjs
	@# The bundle alone is an asset: a worker thread (a regex search, the Markdown parser) runs it (it has no file to start from).
	@# With the code cache, so is the cache of the bundle that dist/lwl writes at the exit of a run that had none, run by the
	@# node copied (no flags, as the executable has none): for a start with no cache of the user's.
	rm -rf dist/sea/cache dist/sea/bundle.v8
	$(if $(filter true,$(CODE_CACHE)),env -u LWL_SECURE -u LWL -u LESS -u LWL_CODE_CACHE XDG_CACHE_HOME='$(CURDIR)/dist/sea/cache' '$(NODE_BIN)' dist/lwl --version >/dev/null && cp dist/sea/cache/lwl/*.v8 dist/sea/bundle.v8)
	printf '{"main": "dist/sea/main.cjs", "output": "dist/sea/lwl.blob", "disableExperimentalSEAWarning": true, "useCodeCache": %s, "assets": {"lwl.cjs": "dist/sea/lwl.cjs"%s}}\n' $(CODE_CACHE) '$(if $(filter true,$(CODE_CACHE)),$(SEA_CACHE_ASSET))' > dist/sea/config.json
	node --experimental-sea-config dist/sea/config.json
	cp '$(NODE_BIN)' $@.tmp
	chmod u+w $@.tmp
	if command -v $(STRIP) >/dev/null; then $(STRIP) $@.tmp; else echo "make exe: no $(STRIP) on PATH: the executable keeps node's symbols (13 MB more)"; fi
	@# postject (its ELF library) warns about each of node's many notes: shown only if it fails.
	npx postject $@.tmp NODE_SEA_BLOB dist/sea/lwl.blob --sentinel-fuse $(SEA_FUSE) $(if $(findstring darwin,$(PLATFORM)),--macho-segment-name NODE_SEA) \
		> dist/sea/postject.log 2>&1 || { cat dist/sea/postject.log; exit 1; }
	mv $@.tmp $@
	@ls -l $@

bench: dist/lwl $(EXE)
	npx tsx bench/run.ts --exe $(EXE) $(if $(BASELINE),--baseline $(BASELINE)) $(BENCH_FLAGS)
	npx tsx bench/keys.ts
	npx tsx bench/startup.ts $(EXE)
	npx tsx bench/binary.ts
	npx tsx bench/compressed.ts
	npx tsx bench/fetch.ts
	npx tsx bench/markdown.ts
	npx tsx bench/memory.ts

# The executable once it has been built (make exe; brought up to date here),
# else dist/lwl, which needs Node.
INSTALLED := $(if $(wildcard $(EXE)),$(EXE),dist/lwl)
install: $(INSTALLED) dist/lwl.1
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)
	install -m 755 $(INSTALLED) $(DESTDIR)$(BINDIR)/lwl
	install -m 644 dist/lwl.1 $(DESTDIR)$(MANDIR)/lwl.1

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/lwl $(DESTDIR)$(MANDIR)/lwl.1

clean:
	rm -rf dist
