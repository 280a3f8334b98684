# Starts a throwaway PostgreSQL cluster for the sandbox's route suite and the browser suite, and
# exports TEST_DATABASE_URL; stop_test_postgres stops it and removes its files.
start_test_postgres() {
  local version dir port
  # A free port, so a second run on the same machine does not collide with the first one's server.
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  dir=$(mktemp -d /tmp/pasarela-pg.XXXXXX)
  chown postgres "$dir" 2>/dev/null || true
  local as_pg=(); [ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)
  "${as_pg[@]}" /usr/lib/postgresql/"$version"/bin/initdb -D "$dir" -A trust -U postgres >/dev/null || return 1
  "${as_pg[@]}" /usr/lib/postgresql/"$version"/bin/pg_ctl -D "$dir" -o "-p $port -k /tmp -c listen_addresses=127.0.0.1" -l "$dir/log" -w start >/dev/null || return 1
  TEST_POSTGRES_DIR=$dir
  TEST_POSTGRES_CTL=/usr/lib/postgresql/"$version"/bin/pg_ctl
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
  echo "PostgreSQL $version for the route suite at $TEST_DATABASE_URL"
}

stop_test_postgres() {
  [ -n "${TEST_POSTGRES_DIR:-}" ] || return 0
  local as_pg=(); [ "$(id -u)" -eq 0 ] && as_pg=(runuser -u postgres --)
  "${as_pg[@]}" "$TEST_POSTGRES_CTL" -D "$TEST_POSTGRES_DIR" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$TEST_POSTGRES_DIR"
}
