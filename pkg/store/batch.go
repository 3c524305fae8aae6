package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// DefaultBatchMax is how many writes one group commit takes at most: enough
// to share a commit among the 50 clients of the load goals, few enough that
// the transaction never holds the writer for long.
const DefaultBatchMax = 64

// Batcher commits writes submitted at the same time in one transaction
// (group commit). The writer connection is one; while it runs a
// transaction, the writes that arrive queue, and the next transaction takes
// them all: no timer, so a lone write waits for nobody, and under load one
// commit (its WAL frames, its syscalls) serves many writes. Each write runs
// in its own savepoint, so one that fails is rolled back alone and the
// others still commit. WriteTx returns only once the transaction holding the
// write is committed: no write is acknowledged before it is in the WAL.
//
// On PostgreSQL the same holds: the writes of one process share a
// transaction and a commit, and the writers that take a table lock first
// (Tx.InOrder: the chat's messages, whose transactions pass one after the
// other on every instance) share it too instead of each waiting for it. A
// failure to serialize runs the whole batch again, every write from the
// start.
//
// There is no goroutine to start or stop: the caller that finds the writer
// idle leads, running the queued writes; when its own is done, it hands the
// lead to the oldest write still waiting.
type Batcher struct {
	db  *DB
	max int

	mu      sync.Mutex
	queue   []*batchJob
	running bool
}

// batchJob is one write waiting for its transaction.
type batchJob struct {
	ctx context.Context
	fn  func(context.Context, *Tx) error
	err error
	// panicked holds what fn panicked with, raised again in the caller's
	// goroutine so the others of the batch are not taken down with it.
	panicked any
	// wake says true when this job's caller is to lead, false when the job is done.
	wake chan bool
}

// NewBatcher groups the writes on db, at most max per transaction
// (DefaultBatchMax when max < 1).
func NewBatcher(db *DB, max int) *Batcher {
	if max < 1 {
		max = DefaultBatchMax
	}
	return &Batcher{db: db, max: max}
}

// WriteTx runs fn in a write transaction that may hold other writes, each
// in its own savepoint, and returns fn's error, or the transaction's when
// the commit failed. fn receives the context to run its statements with: a
// request cancelled after its write began cannot cancel the writes it shares
// a transaction with. A write whose context is done before its turn is not
// run. fn must not keep the transaction nor start another write.
func (b *Batcher) WriteTx(ctx context.Context, fn func(context.Context, *Tx) error) error {
	j := &batchJob{ctx: ctx, fn: fn, wake: make(chan bool, 1)}
	b.mu.Lock()
	b.queue = append(b.queue, j)
	lead := !b.running
	b.running = true
	b.mu.Unlock()
	if !lead {
		lead = <-j.wake
	}
	if lead {
		b.lead()
	}
	if j.panicked != nil {
		panic(j.panicked)
	}
	return j.err
}

// lead runs the oldest queued writes, the leader's own among them, in one
// transaction, then hands the lead on.
func (b *Batcher) lead() {
	b.mu.Lock()
	n := min(len(b.queue), b.max)
	batch := b.queue[:n:n]
	b.queue = b.queue[n:]
	b.mu.Unlock()

	b.run(batch)

	b.mu.Lock()
	if len(b.queue) > 0 {
		b.queue[0].wake <- true
	} else {
		b.running = false
		b.queue = nil
	}
	b.mu.Unlock()
	// The leader is batch[0]: the others learn that their write is done.
	for _, j := range batch[1:] {
		j.wake <- false
	}
}

// run commits batch in one transaction; a failed commit is every write's error.
func (b *Batcher) run(batch []*batchJob) {
	// The transaction belongs to every write of the batch: none may cancel it.
	ctx := context.WithoutCancel(batch[0].ctx)
	if len(batch) > 1 && b.db.engine == Postgres {
		err := b.db.WriteTx(ctx, func(tx *Tx) error { return runAll(ctx, tx, batch) })
		if !errors.Is(err, errWriteFailed) {
			finish(batch, err)
			return
		}
	}
	err := b.db.WriteTx(ctx, func(tx *Tx) error {
		if len(batch) == 1 {
			j := batch[0]
			if j.err = j.ctx.Err(); j.err == nil {
				j.err, j.panicked = call(j, tx)
			}
			if j.panicked != nil {
				return fmt.Errorf("écriture interrompue par une panique: %v", j.panicked)
			}
			return j.err
		}
		return runSavepoints(ctx, tx, batch)
	})
	finish(batch, err)
}

// finish gives the transaction's error err to the writes that have none.
func finish(batch []*batchJob, err error) {
	for _, j := range batch {
		if j.err == nil && j.panicked == nil {
			j.err = err
		}
	}
}

// errWriteFailed ends runAll's transaction when one of its writes failed.
var errWriteFailed = errors.New("une écriture du lot a échoué")

// runAll runs every write of batch with no savepoint (PostgreSQL), a round
// trip saved a write: the writes of a batch nearly always succeed, and the
// chat's, one transaction after the other on every instance, are bound by
// their round trips. The first write that fails ends the attempt
// (errWriteFailed, the transaction rolled back) and run runs the batch
// again, each write in its savepoint, every write from the start as after
// a failure to serialize.
func runAll(ctx context.Context, tx *Tx, batch []*batchJob) error {
	for _, j := range batch {
		if j.err = j.ctx.Err(); j.err != nil {
			continue
		}
		j.err, j.panicked = call(j, tx)
		if IsRetryable(j.err) {
			return j.err
		}
		if j.err != nil || j.panicked != nil {
			return errWriteFailed
		}
	}
	return nil
}

// runSavepoints runs each write of batch in its own savepoint; the error
// returned is the transaction's (a savepoint that could not be taken or
// released), the writes' own are kept in each job.
func runSavepoints(ctx context.Context, tx *Tx, batch []*batchJob) error {
	if tx.db.engine == Postgres {
		return runSavepointsPG(ctx, tx, batch)
	}
	for _, j := range batch {
		if j.err = j.ctx.Err(); j.err != nil {
			continue
		}
		if _, err := tx.ExecContext(ctx, "SAVEPOINT batch_write"); err != nil {
			return fmt.Errorf("point de sauvegarde: %w", err)
		}
		held := tx.taken()
		j.err, j.panicked = call(j, tx)
		if IsRetryable(j.err) {
			// PostgreSQL could not serialize the transaction: the whole
			// batch runs again (WriteTx), every write from the start.
			return j.err
		}
		if j.err != nil || j.panicked != nil {
			if _, err := tx.ExecContext(ctx, "ROLLBACK TO batch_write"); err != nil {
				return fmt.Errorf("retour au point de sauvegarde: %w", err)
			}
			tx.undo(held)
		}
		if _, err := tx.ExecContext(ctx, "RELEASE batch_write"); err != nil {
			return fmt.Errorf("fin du point de sauvegarde: %w", err)
		}
	}
	return nil
}

// call runs j's write, turning a panic into a value for its caller.
func call(j *batchJob, tx *Tx) (err error, panicked any) {
	defer func() {
		if p := recover(); p != nil {
			panicked = p
		}
	}()
	return j.fn(context.WithoutCancel(j.ctx), tx), nil
}

// runSavepointsPG is runSavepoints in fewer round trips: the end of one
// write's savepoint and the start of the next go as one text (the simple
// protocol takes several statements), a third of the statements of a
// batch of chat messages, which pass one transaction after the other.
func runSavepointsPG(ctx context.Context, tx *Tx, batch []*batchJob) error {
	next := "SAVEPOINT batch_write"
	for _, j := range batch {
		if j.err = j.ctx.Err(); j.err != nil {
			continue
		}
		if _, err := tx.tx.ExecContext(ctx, next); err != nil {
			return fmt.Errorf("point de sauvegarde: %w", err)
		}
		held := tx.taken()
		j.err, j.panicked = call(j, tx)
		if IsRetryable(j.err) {
			return j.err
		}
		next = "RELEASE batch_write; SAVEPOINT batch_write"
		if j.err != nil || j.panicked != nil {
			// Sent before anything else of the next write.
			next = "ROLLBACK TO batch_write; RELEASE batch_write; SAVEPOINT batch_write"
			tx.undo(held)
		}
	}
	if next == "SAVEPOINT batch_write" {
		return nil
	}
	final := strings.TrimSuffix(next, "; SAVEPOINT batch_write")
	if _, err := tx.tx.ExecContext(ctx, final); err != nil {
		return fmt.Errorf("fin du point de sauvegarde: %w", err)
	}
	return nil
}
