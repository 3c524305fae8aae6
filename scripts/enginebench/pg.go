package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // PostgreSQL through database/sql
)

// runSchema creates a schema of its own in the database at --url and
// prints the URL that uses it (search_path), as pkg/store/storetest does
// for the tests, so a run needs no right to create databases; --drop
// drops the schema an URL printed before names.
func runSchema(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("schema", flag.ContinueOnError)
	base := fs.String("url", "", "the PostgreSQL database, postgres://…")
	drop := fs.Bool("drop", false, "drop the schema --url names (its search_path)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	u, err := url.Parse(*base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return errors.New("--url postgres://… is required")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	q := u.Query()
	name := q.Get("search_path")
	if *drop {
		if !regexp.MustCompile(`^b_[0-9a-f]{16}$`).MatchString(name) {
			return fmt.Errorf("%q is not a schema this command made", name)
		}
		return execSQL(ctx, *base, "DROP SCHEMA IF EXISTS "+name+" CASCADE")
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	name = "b_" + hex.EncodeToString(b)
	q.Del("search_path")
	u.RawQuery = q.Encode()
	if err := execSQL(ctx, u.String(), "CREATE SCHEMA "+name); err != nil {
		return err
	}
	q.Set("search_path", name)
	u.RawQuery = q.Encode()
	fmt.Fprintln(out, u.String())
	return nil
}

// execSQL runs one statement on the database at dsn.
func execSQL(ctx context.Context, dsn, stmt string) error {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	_, err = db.ExecContext(ctx, stmt)
	return err
}

// postmasterOf is the PID of the postmaster serving dsn: the parent of
// the backend of a connection to it (readable in /proc when the cluster
// runs on this machine); 0 when dsn is empty.
func postmasterOf(dsn string) (int, error) {
	if dsn == "" {
		return 0, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	var backend int
	if err := db.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&backend); err != nil {
		return 0, err
	}
	ppid, _, _, err := procStat(backend)
	if err != nil {
		return 0, fmt.Errorf("PostgreSQL's backend %d is not a process of this machine: %w", backend, err)
	}
	return ppid, nil
}

// waitSampler tallies what the client backends of a database are doing,
// sampled from pg_stat_activity while a benchmark runs: on CPU, waiting
// on a lock, waiting for the client inside a transaction… A CPU profile
// shows where a process computes, not where a request waits.
type waitSampler struct {
	samples int
	states  map[string]int
	done    chan struct{}
}

// sampleWaits samples the backends of dsn's database every interval until stop.
func sampleWaits(dsn string, every time.Duration) (stop func() *waitSampler, err error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	ctx, cancel := context.WithCancel(context.Background())
	w := &waitSampler{states: map[string]int{}, done: make(chan struct{})}
	go func() {
		defer close(w.done)
		defer db.Close()
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if w.sample(ctx, db) != nil && ctx.Err() == nil {
				return
			}
		}
	}()
	return func() *waitSampler { cancel(); <-w.done; return w }, nil
}

func (w *waitSampler) sample(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, `SELECT state || COALESCE(', ' || wait_event_type || ': ' || wait_event, '')
		FROM pg_stat_activity
		WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		w.states[s]++
	}
	w.samples++
	return rows.Err()
}

// print writes the mean number of busy backends in each state, most first.
func (w *waitSampler) print(out io.Writer) {
	if w.samples == 0 {
		return
	}
	keys := make([]string, 0, len(w.states))
	total := 0
	for k, n := range w.states {
		keys = append(keys, k)
		total += n
	}
	sort.Slice(keys, func(i, j int) bool { return w.states[keys[i]] > w.states[keys[j]] })
	fmt.Fprintf(out, "postgres: %.1f busy backends on average (%d samples of pg_stat_activity), by state and wait:\n",
		float64(total)/float64(w.samples), w.samples)
	for _, k := range keys {
		fmt.Fprintf(out, "  %5.2f  %s\n", float64(w.states[k])/float64(w.samples), k)
	}
}

// waitClasses are the mean numbers of busy backends: running (on CPU or
// ready to be), waiting on a lock, inside a transaction waiting for the
// client's next statement, and anything else (I/O, internal locks…).
type waitClasses struct {
	Running float64 `json:"pgRunning"`
	Lock    float64 `json:"pgLock"`
	InTx    float64 `json:"pgInTx"`
	Other   float64 `json:"pgOther"`
	Samples int     `json:"pgSamples"`
}

func (w *waitSampler) classes() waitClasses {
	c := waitClasses{Samples: w.samples}
	if w.samples == 0 {
		return c
	}
	for k, n := range w.states {
		m := float64(n) / float64(w.samples)
		switch {
		case k == "active":
			c.Running += m
		case strings.HasPrefix(k, "active, Lock:"):
			c.Lock += m
		case strings.HasPrefix(k, "idle in transaction"):
			c.InTx += m
		default:
			c.Other += m
		}
	}
	return c
}
