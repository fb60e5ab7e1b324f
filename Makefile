# lwl: build, run, test, install. `make run` and `make test` install what is
# missing first, so they work on a fresh clone.

PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
SOURCES := $(shell find src term -name '*.ts') keymap.ts package.json Makefile
VERSION := $(shell node -p "require('./package.json').version")

.PHONY: all run test unit e2e typecheck bench install uninstall clean

all: dist/lwl

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

dist/lwl: node_modules/.package-lock.json $(SOURCES)
	@mkdir -p dist
	npx esbuild src/main.ts --bundle --platform=node --target=node20 --format=cjs --minify-syntax --minify-whitespace \
		--define:LWL_VERSION='"$(VERSION)"' \
		--banner:js='#!/usr/bin/env node' --log-level=warning --outfile=$@
	@chmod +x $@
	@echo '{"type": "commonjs"}' > dist/package.json # dist/lwl is CommonJS, whatever the project's type

run: dist/lwl
	./dist/lwl samples/tour.md

typecheck: node_modules/.package-lock.json
	npx tsc -p .

test: dist/lwl typecheck
	npx vitest run

bench: dist/lwl
	npx tsx bench/run.ts $(BENCH_FLAGS)
	npx tsx bench/keys.ts

install: dist/lwl
	install -d $(DESTDIR)$(BINDIR)
	install -m 755 dist/lwl $(DESTDIR)$(BINDIR)/lwl

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/lwl

clean:
	rm -rf dist
