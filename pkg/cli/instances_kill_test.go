//go:build linux

package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/store"
	"courtier/pkg/store/storetest"
)

// instanceKillChildEnv names the database the child `courtier serve`
// processes of TestInstanceKilledUnderLoad run on.
const instanceKillChildEnv = "COURTIER_INSTANCE_KILL_DB"

// TestInstanceKilledUnderLoad runs two instances on one PostgreSQL
// database; 16 clients write through both (conversations, chat messages,
// contact messages) until one instance is killed with SIGKILL, then go
// on through the survivor for 300 ms. Every write either instance
// acknowledged is in the database exactly once; a write in flight to the
// killed one may be there or not, never twice. Each trial kills the
// other instance than the one before, on a new database.
func TestInstanceKilledUnderLoad(t *testing.T) {
	if dsn := os.Getenv(instanceKillChildEnv); dsn != "" {
		os.Exit(Main(serveArgs(dsn)))
	}
	requirePostgres(t)
	trials := 10
	if testing.Short() {
		trials = 2
	}
	var total killTally
	for trial := range trials {
		t.Run(fmt.Sprintf("trial %d", trial+1), func(t *testing.T) {
			got := killTrial(t, trial%2)
			total.add(got)
			t.Logf("%s killed: %s", []string{"A", "B"}[trial%2], got)
		})
	}
	t.Logf("%d trials: %s", trials, total)
}

// killTally counts the writes of a trial.
type killTally struct {
	// acked were acknowledged (2xx) and checked; lost of them were missing
	// and twice found more than once.
	acked, lost, twice int
	// afterKill of the acknowledged ones were made after the kill.
	afterKill int
	// unacked were sent without an acknowledgement (failed, or cut by the
	// kill or by the end); stored of them are in the database anyway.
	unacked, stored int
}

func (k *killTally) add(o killTally) {
	k.acked += o.acked
	k.lost += o.lost
	k.twice += o.twice
	k.afterKill += o.afterKill
	k.unacked += o.unacked
	k.stored += o.stored
}

func (k killTally) String() string {
	return fmt.Sprintf("%d acknowledged writes checked (%d after the kill), %d lost, %d found twice; %d unacknowledged, %d of them stored",
		k.acked, k.afterKill, k.lost, k.twice, k.unacked, k.stored)
}

// loadWrite is one write of the load: a conversation started, a chat
// message or a contact message.
type loadWrite struct {
	kind string // "conversation", "message", "contact"
	// conv is the conversation's token (conversation, message); text the
	// message's or the contact message's text.
	conv, text string
	acked      bool
	afterKill  bool
}

// killLoad is the record of every write sent.
type killLoad struct {
	mu     sync.Mutex
	writes []*loadWrite
	// acked and ackedAfter count the acknowledged writes as they come,
	// before and after the kill, for the trial to pace itself on.
	acked, ackedAfter atomic.Int64
}

// waitAcked waits until counter reaches n and min has passed, at most
// for max; it says whether the count was reached. The kill tests pace
// themselves on it: on a loaded machine (CI runs the suites side by side)
// the first answers can be slow, and a kill before them would test
// nothing.
func waitAcked(counter *atomic.Int64, n int64, min, max time.Duration) bool {
	start := time.Now()
	for counter.Load() < n || time.Since(start) < min {
		if time.Since(start) > max {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

func (l *killLoad) add(w *loadWrite) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, w)
}

// killTrial runs one trial, killing instance victim (0 for A, 1 for B).
func killTrial(t *testing.T, victim int) killTally {
	dsn := storetest.DSN(t)
	both := startInstances(t, "TestInstanceKilledUnderLoad", instanceKillChildEnv, dsn, "A", "B")
	// target is the instance of a client's nth request, and whether the
	// victim is dead by then.
	target := func(n int) (*instance, bool) {
		if in := both[n%2]; !in.dead.Load() {
			return in, both[victim].dead.Load()
		}
		return both[1-n%2], true
	}
	load := &killLoad{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for c := range 16 {
		wg.Go(func() { killClient(ctx, c, target, load) })
	}
	// The kill waits for the load to be flowing, and the load goes on
	// until the survivor has answered after it.
	if !waitAcked(&load.acked, 50, 1500*time.Millisecond, time.Minute) {
		t.Errorf("before the kill: %d writes acknowledged in a minute, not 50", load.acked.Load())
	}
	both[victim].kill()
	if !waitAcked(&load.ackedAfter, 1, 300*time.Millisecond, time.Minute) {
		t.Errorf("after the kill: no write acknowledged in a minute")
	}
	cancel()
	wg.Wait()
	return checkKillLoad(t, dsn, load)
}

// killClient writes until ctx ends: a conversation, up to 10 messages,
// a contact message, again, each request to the other instance than the
// one before (to the survivor once one is dead), from addresses of its
// own so that no per-address limit refuses it.
func killClient(ctx context.Context, c int, target func(n int) (*instance, bool), load *killLoad) {
	n := c
	send := func(w *loadWrite, path, xff string, body any, out any) bool {
		if ctx.Err() != nil {
			return false // the load is over: not sent
		}
		in, after := target(n)
		n++
		load.add(w)
		a, err := call(ctx, "POST", in.url+path, xff, "", body)
		if err != nil || a.status/100 != 2 || (out != nil && json.Unmarshal(a.body, out) != nil) {
			return false
		}
		w.acked, w.afterKill = true, after
		if after {
			load.ackedAfter.Add(1)
		} else {
			load.acked.Add(1)
		}
		return true
	}
	for round := 0; ctx.Err() == nil; round++ {
		xff := fmt.Sprintf("10.9.%d.%d", c, round%250+1)
		var started struct{ Conversation struct{ ID string } }
		conv := &loadWrite{kind: "conversation"}
		if send(conv, "/api/chat/conversations", xff, map[string]any{}, &started) && started.Conversation.ID != "" {
			conv.conv = started.Conversation.ID
			for i := range 10 {
				w := &loadWrite{kind: "message", conv: conv.conv, text: fmt.Sprintf("question %d de %d/%d", i, c, round)}
				send(w, "/api/chat/conversations/"+conv.conv+"/messages", xff, map[string]string{"text": w.text}, nil)
			}
		}
		w := &loadWrite{kind: "contact", text: fmt.Sprintf("Bonjour, message de contact %d/%d, merci.", c, round)}
		send(w, "/api/contact", fmt.Sprintf("10.10.%d.%d", c, round%250+1), map[string]any{
			"name": "Léa Martin", "email": "lea@exemple.fr", "phone": "", "subject": "quote", "message": w.text, "consent": true}, nil)
	}
}

// checkKillLoad reads what the database holds and compares it with the
// writes sent.
func checkKillLoad(t *testing.T, dsn string, load *killLoad) killTally {
	t.Helper()
	db, err := store.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	conversations, messages, contacts := map[string]int{}, map[[2]string]int{}, map[string]int{}
	err = db.ReadTx(t.Context(), func(tx *store.Tx) error {
		return readCounts(t.Context(), tx, conversations, messages, contacts)
	})
	if err != nil {
		t.Fatal(err)
	}
	var k killTally
	var failures []string
	for _, w := range load.writes {
		var n int
		switch w.kind {
		case "conversation":
			if !w.acked {
				k.unacked++ // its token never came back: nothing to look for
				continue
			}
			n = conversations[store.HashToken(w.conv)]
		case "message":
			n = messages[[2]string{store.HashToken(w.conv), w.text}]
		case "contact":
			n = contacts[w.text]
		}
		switch {
		case w.acked && n == 0:
			k.lost++
			failures = append(failures, fmt.Sprintf("%s %q acknowledged, not in the database", w.kind, w.text+w.conv))
		case n > 1:
			k.twice++
			failures = append(failures, fmt.Sprintf("%s %q stored %d times (acknowledged: %v)", w.kind, w.text+w.conv, n, w.acked))
		}
		if w.acked {
			k.acked++
			if w.afterKill {
				k.afterKill++
			}
		} else {
			k.unacked++
			k.stored += n
		}
	}
	for i, f := range failures {
		if i == 10 {
			t.Errorf("… and %d more", len(failures)-i)
			break
		}
		t.Error(f)
	}
	if k.acked-k.afterKill < 50 || k.afterKill == 0 {
		t.Errorf("%d writes acknowledged before the kill and %d after: the trial proves little", k.acked-k.afterKill, k.afterKill)
	}
	return k
}

// readCounts counts the conversations by stored ID, the visitors'
// messages by conversation and text, the contact messages by text.
func readCounts(ctx context.Context, tx *store.Tx, conversations map[string]int, messages map[[2]string]int, contacts map[string]int) error {
	rows, err := tx.QueryContext(ctx, "SELECT id, '', 0 FROM chat_conversations UNION ALL SELECT conversation_id, text, 1 FROM chat_messages WHERE sender = 'user' UNION ALL SELECT '', message, 2 FROM contact_messages")
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, text string
		var table int
		if err := rows.Scan(&id, &text, &table); err != nil {
			return err
		}
		switch table {
		case 0:
			conversations[id]++
		case 1:
			messages[[2]string{id, text}]++
		case 2:
			contacts[text]++
		}
	}
	return rows.Err()
}
