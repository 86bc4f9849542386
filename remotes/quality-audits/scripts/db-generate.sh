#!/usr/bin/env bash
# Regenerates the area's one unreleased migration from every part's tables, one run at a time (parts are built
# side by side): `bash scripts/db-generate.sh` in remotes/quality-audits.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/hcm-quality-audits-migrations.lock bash -c 'rm -rf server/migrations && node_modules/.bin/drizzle-kit generate --config server/drizzle.config.ts --name quality_audits'
