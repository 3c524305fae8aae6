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
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"courtier/scripts/loadkit"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, as the server's
)

// timeLayout is how the database stores times (UTC text of fixed width,
// so that comparing strings compares instants).
const timeLayout = "2006-01-02T15:04:05.000Z"

// runLogin signs one account in and prints its session cookie, name=value.
func runLogin(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("login", flag.ContinueOnError)
	base := fs.String("url", "", "the server, http://127.0.0.1:PORT")
	email := fs.String("email", "", "the account's e-mail address")
	password := fs.String("password", os.Getenv("SERVERLOAD_PASSWORD"), "its password (or SERVERLOAD_PASSWORD)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if *base, err = loadkit.CheckLoopback(*base); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl := &http.Client{}
	req, err := loadkit.JSONRequest(ctx, *base+"/api/auth/login", "", map[string]any{"email": *email, "password": *password})
	if err != nil {
		return err
	}
	res, err := cl.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
		return fmt.Errorf("sign-in answered %d: %s", res.StatusCode, b)
	}
	// The session's cookie: a sign-in sets the device cookie too.
	for _, c := range res.Cookies() {
		if strings.HasSuffix(c.Name, "courtier_session") && c.Value != "" && c.MaxAge >= 0 {
			fmt.Fprintf(out, "%s=%s\n", c.Name, c.Value)
			return nil
		}
	}
	return errors.New("sign-in answered 200 without a session cookie")
}

// runSeed makes the number of live sessions in the database exactly
// --live, inserting sessions spread over the accounts or deleting some.
// The server must be stopped: it is the only writer the store expects.
func runSeed(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	path := fs.String("db", "", "the database of a stopped server")
	live := fs.Int("live", 20, "live sessions wanted (0–200000)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *path == "" || *live < 0 || *live > 200_000 {
		return errors.New("--db PATH and --live 0–200000")
	}
	if _, err := os.Stat(*path); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", "file:"+*path+"?_pragma=busy_timeout(5000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)")
	if err != nil {
		return err
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	now := time.Now().UTC()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck // after Commit, a no-op
	var have int
	// Live: not past its absolute end nor its idle timeout (30 min without remember).
	liveWhere := "expires_at > ?1 AND (remember = 1 OR last_seen_at > ?2)"
	nowS, idleS := now.Format(timeLayout), now.Add(-30*time.Minute).Format(timeLayout)
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sessions WHERE "+liveWhere, nowS, idleS).Scan(&have); err != nil {
		return fmt.Errorf("count of sessions: %w", err)
	}
	switch {
	case have > *live:
		_, err = tx.ExecContext(ctx, "DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE "+liveWhere+" LIMIT ?3)", nowS, idleS, have-*live)
	case have < *live:
		err = insertSessions(ctx, tx, *live-have, now)
	}
	if err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	fmt.Fprintf(out, "serverload: %d live sessions (there were %d)\n", *live, have)
	return nil
}

// insertSessions adds n live sessions, spread over every account.
func insertSessions(ctx context.Context, tx *sql.Tx, n int, now time.Time) error {
	var uids []string
	rows, err := tx.QueryContext(ctx, "SELECT uid FROM users")
	if err != nil {
		return err
	}
	for rows.Next() {
		var uid string
		if err := rows.Scan(&uid); err != nil {
			rows.Close()
			return err
		}
		uids = append(uids, uid)
	}
	rows.Close()
	if len(uids) == 0 {
		return errors.New("no account to give sessions to")
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO sessions (id, public_id, uid, created_at, last_seen_at, expires_at, remember)
		VALUES (?, ?, ?, ?, ?, ?, 0)`)
	if err != nil {
		return err
	}
	defer st.Close()
	at, expires := now.Format(timeLayout), now.Add(12*time.Hour).Format(timeLayout)
	for i := range n {
		if _, err := st.ExecContext(ctx, randomHex(32), randomHex(16), uids[i%len(uids)], at, at, expires); err != nil {
			return fmt.Errorf("insert of a session: %w", err)
		}
	}
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// runSignIn signs in for --duration from --clients at once, each sign-in
// from an address of its own and the accounts in turn, so that no limit
// (per address, per account) is reached.
func runSignIn(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("signin", flag.ContinueOnError)
	base := fs.String("url", "", "the server, http://127.0.0.1:PORT")
	emailFmt := fs.String("email", "client%d@charge.test", "the accounts' e-mail addresses, %d from 1")
	accounts := fs.Int("accounts", 8, "accounts (1–1000)")
	password := fs.String("password", os.Getenv("SERVERLOAD_PASSWORD"), "their password (or SERVERLOAD_PASSWORD)")
	clients := fs.Int("clients", 4, "sign-ins at once (1–32)")
	duration := fs.Duration("duration", 15*time.Second, "how long (1s–60s)")
	label := fs.String("label", "", "what the database holds, e.g. 20 (the figures' key in --results)")
	results := fs.String("results", "", "append the figures to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	var err error
	if *base, err = loadkit.CheckLoopback(*base); err != nil {
		return err
	}
	if *accounts < 1 || *accounts > 1000 || *clients < 1 || *clients > 32 || *duration < time.Second || *duration > time.Minute || *label == "" {
		return errors.New("--accounts 1–1000, --clients 1–32, --duration 1s–60s, --label")
	}
	ctx, cancel := context.WithTimeout(context.Background(), *duration+30*time.Second)
	defer cancel()
	cl := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: *clients}}
	tally := &httpTally{statuses: map[string]int{}}
	var next atomic.Int64
	start := time.Now()
	end := start.Add(*duration)
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	for range *clients {
		wg.Go(func() {
			for time.Now().Before(end) && ctx.Err() == nil {
				n := next.Add(1)
				email := fmt.Sprintf(*emailFmt, n%int64(*accounts)+1)
				t := time.Now()
				code, _, err := loadkit.PostJSON(ctx, cl, *base+"/api/auth/login", loadkit.FakeAddr(100, n), map[string]any{"email": email, "password": *password})
				tally.status("POST login", code, err)
				if err != nil || code != http.StatusOK {
					return
				}
				mu.Lock()
				lat = append(lat, time.Since(t))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	rate := float64(len(lat)) / elapsed.Seconds()
	fmt.Fprintf(out, "\n| sign-in, %s live sessions at start | sign-ins | sign-ins/s | p50 | p99 |\n|---|---|---|---|---|\n", *label)
	fmt.Fprintf(out, "| %d at once, %.1f s | %d | %.1f | %s | %s |\n", *clients, elapsed.Seconds(), len(lat), rate, ms(loadkit.Percentile(lat, .5)), ms(loadkit.Percentile(lat, .99)))
	if err := record(*results, result{"signin." + *label + ".rate", rate}, result{"signin." + *label + ".p99ms", loadkit.Millis(loadkit.Percentile(lat, .99))}); err != nil {
		return err
	}
	return reportFailures(out, tally)
}
