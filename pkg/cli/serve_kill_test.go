//go:build linux

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"courtier/pkg/store"
)

// serveChildEnv names the database the child `courtier serve` of
// TestServeKilledKeepsAcknowledgedMessages runs on.
const serveChildEnv = "COURTIER_SERVE_KILL_DB"

// TestServeKilledKeepsAcknowledgedMessages runs `courtier serve` as a real
// process, has 16 visitors open conversations and write to the assistant
// without pause (the messages share commits, are read before they queue
// for the writer, and the WAL is checkpointed apart from the commits),
// kills the server with SIGKILL while they write, and opens the database
// again: every conversation and every message the server acknowledged is
// there, and the database is whole.
func TestServeKilledKeepsAcknowledgedMessages(t *testing.T) {
	if path := os.Getenv(serveChildEnv); path != "" {
		os.Exit(Main([]string{"serve", "--db", path, "--addr", "127.0.0.1:0", "--trusted-proxies", "127.0.0.1/32"}))
	}
	path := filepath.Join(t.TempDir(), "killed.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestServeKilledKeepsAcknowledgedMessages$")
	cmd.Env = append(os.Environ(), serveChildEnv+"="+path)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killed := false
	defer func() {
		if !killed {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}()
	base := waitReady(t, stderr)

	var mu sync.Mutex
	acked := map[string][]string{} // conversation ID → messages acknowledged
	var ackedMessages atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for c := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cl := &http.Client{Timeout: 10 * time.Second}
			for conv := 0; ctx.Err() == nil; conv++ {
				xff := fmt.Sprintf("10.9.%d.%d", c, conv%250+1)
				var started struct {
					Conversation struct{ ID string } `json:"conversation"`
				}
				if code := post(ctx, cl, base+"/api/chat/conversations", xff, map[string]any{}, &started); code/100 != 2 || started.Conversation.ID == "" {
					return
				}
				id := started.Conversation.ID
				mu.Lock()
				acked[id] = nil
				mu.Unlock()
				for i := range 15 {
					text := fmt.Sprintf("question %d de %d/%d", i, c, conv)
					if code := post(ctx, cl, base+"/api/chat/conversations/"+id+"/messages", xff, map[string]string{"text": text}, nil); code/100 != 2 {
						return
					}
					mu.Lock()
					acked[id] = append(acked[id], text)
					mu.Unlock()
					ackedMessages.Add(1)
				}
			}
		}()
	}
	// Long enough for the checkpointer (every second) to have copied the
	// WAL into the database file while the writes went on, and for at
	// least 100 messages to be acknowledged; past a minute the count below
	// says how little was.
	waitAcked(&ackedMessages, 100, 2500*time.Millisecond, time.Minute)
	cmd.Process.Kill()
	killed = true
	cmd.Wait()
	cancel()
	wg.Wait()

	db, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var messages int
	err = db.ReadTx(context.Background(), func(tx *store.Tx) error {
		var ok string
		if err := tx.QueryRowContext(context.Background(), "PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
			return fmt.Errorf("integrity_check: %q %v", ok, err)
		}
		for id, texts := range acked {
			var n int
			if err := tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_conversations WHERE id = ?", store.HashToken(id)).Scan(&n); err != nil {
				return err
			}
			if n != 1 {
				return fmt.Errorf("conversation %s acknowledged, not in the database", id)
			}
			for _, text := range texts {
				if err := tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM chat_messages WHERE conversation_id = ? AND sender = 'user' AND text = ?",
					store.HashToken(id), text).Scan(&n); err != nil {
					return err
				}
				if n != 1 {
					return fmt.Errorf("message %q acknowledged, found %d times", text, n)
				}
				messages++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if messages < 100 {
		t.Fatalf("only %d messages acknowledged before the kill: the test proves little", messages)
	}
	t.Logf("%d conversations and %d messages acknowledged, all found after SIGKILL", len(acked), messages)
}

// waitReady reads the server's log until « serveur prêt » and returns its URL.
func waitReady(t *testing.T, stderr interface{ Read([]byte) (int, error) }) string {
	t.Helper()
	urlRe := regexp.MustCompile(`url=(http://\S+)`)
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			if m := urlRe.FindStringSubmatch(lines.Text()); m != nil && strings.Contains(lines.Text(), "serveur prêt") {
				found <- m[1]
				break
			}
		}
		for lines.Scan() { // keep the pipe drained
		}
	}()
	select {
	case u := <-found:
		return u
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start")
	}
	return ""
}

// post sends body as JSON from client address xff and decodes the answer
// into out (when not nil); it returns the status, 0 when the request failed.
func post(ctx context.Context, cl *http.Client, u, xff string, body, out any) int {
	b, _ := json.Marshal(body)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(b))
	if err != nil {
		return 0
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", xff)
	resp, err := cl.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	if out != nil && json.NewDecoder(resp.Body).Decode(out) != nil {
		return 0
	}
	return resp.StatusCode
}
