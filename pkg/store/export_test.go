package store

// Queued is how many writes wait in b's queue, for the tests of
// package store_test that make a batch.
func Queued(b *Batcher) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.queue)
}
