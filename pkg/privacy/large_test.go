package privacy

import (
	"context"
	"encoding/json"
	"io"
	"runtime"
	"testing"

	"courtier/pkg/chat"
)

// historyLen is the history the export must carry: the 200,000
// messages, which took 640 MB of memory when the export was built whole.
const historyLen = 200_000

// heapProbe counts the bytes written and, every sampleEvery bytes, reads
// the live heap after a collection: what the export keeps, not the
// garbage it leaves for the collector.
type heapProbe struct {
	w         io.Writer
	n, next   int64
	base, max uint64
	samples   int
}

const sampleEvery = 2 << 20

func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func (p *heapProbe) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	p.n += int64(n)
	if p.n >= p.next {
		p.next = p.n + sampleEvery
		p.samples++
		if live := liveHeap(); live > p.base {
			p.max = max(p.max, live-p.base)
		}
	}
	return n, err
}

// readExport decodes the export from r token by token, never holding
// more than one message, and returns the IDs of the messages of its
// only conversation, checked in increasing order, and the user's e-mail.
func readExport(t *testing.T, r io.Reader) (count int, email string) {
	t.Helper()
	dec := json.NewDecoder(r)
	expect := func(want json.Delim) {
		t.Helper()
		if tok, err := dec.Token(); err != nil || tok != want {
			t.Fatalf("token %v %v, want %v", tok, err, want)
		}
	}
	expect('{')
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		switch key {
		case "user":
			var u struct{ Email string }
			if err := dec.Decode(&u); err != nil {
				t.Fatal(err)
			}
			email = u.Email
		case "chatConversations":
			expect('[')
			expect('{')
			for dec.More() {
				field, _ := dec.Token()
				if field != "messages" {
					var skip json.RawMessage
					dec.Decode(&skip)
					continue
				}
				expect('[')
				var last int64
				for dec.More() {
					var m chat.Message
					if err := dec.Decode(&m); err != nil {
						t.Fatal(err)
					}
					if m.ID <= last || m.Text == "" {
						t.Fatalf("message %d after %d: %+v", m.ID, last, m)
					}
					last = m.ID
					count++
				}
				expect(']')
			}
			expect('}')
			expect(']')
		default:
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				t.Fatal(err)
			}
		}
	}
	expect('}')
	return count, email
}

func TestExportOfALongHistoryStreams(t *testing.T) {
	n := historyLen
	if testing.Short() || raceDetector {
		n = historyLen / 10
	}
	e := newEnv(t)
	id := e.chat(t) // the welcome message, then the history
	e.addMessages(t, id, n)
	d, err := e.service(nil).Export(context.Background(), e.sess)
	if err != nil {
		t.Fatal(err)
	}
	pr, pw := io.Pipe()
	probe := &heapProbe{w: pw, base: liveHeap()}
	done := make(chan error, 1)
	go func() {
		err := d.Write(context.Background(), probe)
		pw.CloseWithError(err)
		done <- err
	}()
	count, email := readExport(t, pr)
	if _, err := io.Copy(io.Discard, pr); err != nil {
		t.Fatalf("after the document: %v", err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if count != n+1 || email != "marie@exemple.fr" {
		t.Fatalf("%d messages for %q, want %d", count, email, n+1)
	}
	t.Logf("%d messages, %d bytes written, %d heap samples, live heap at most %d bytes above the start (%.2f%% of the output)",
		count, probe.n, probe.samples, probe.max, 100*float64(probe.max)/float64(probe.n))
	if n < historyLen {
		return // too small a history to tell a copy from a stream
	}
	// Gathering the history before writing it would keep at least its
	// size alive (the messages as Go values weigh more than their JSON);
	// streaming keeps one message and the buffers.
	const bound = 4 << 20
	if probe.n < 8*bound || probe.samples < 10 {
		t.Fatalf("the history is too small to tell: %d bytes, %d samples", probe.n, probe.samples)
	}
	if probe.max > bound {
		t.Errorf("the export kept %d bytes alive while writing %d: not streamed", probe.max, probe.n)
	}
}

// BenchmarkExport streams an export of 20,000 messages; bytes/s is the
// output rate, allocs/op the garbage per export.
func BenchmarkExport(b *testing.B) {
	e := newEnv(b)
	id := e.chat(b)
	e.addMessages(b, id, 20_000)
	s := e.service(nil)
	ctx := context.Background()
	var size int64
	for b.Loop() {
		d, err := s.Export(ctx, e.sess)
		if err != nil {
			b.Fatal(err)
		}
		c := &counter{}
		if err := d.Write(ctx, c); err != nil {
			b.Fatal(err)
		}
		size = c.n
	}
	b.SetBytes(size)
	b.ReportMetric(float64(size), "bytes/export")
}

type counter struct{ n int64 }

func (c *counter) Write(b []byte) (int, error) { c.n += int64(len(b)); return len(b), nil }
