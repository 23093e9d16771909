# The two commands the README names. Each installs whatever is missing first (scripts/tools.sh).
.PHONY: serve test

## Build the app and serve it on http://127.0.0.1:8080, rebuilding on change.
serve:
	scripts/serve.sh

## Run every check and test (format, lints, unit/property tests, release build, browser tests).
test:
	scripts/test.sh
