package contract_test

import (
	"testing"

	"courtier/pkg/contract"
)

// BenchmarkSignature measures a contract's whole signature step, as the
// client's two requests do it: the code sent, then the signature (the
// code checked, the mandate and schedule made, the advice, conditions
// and mandate issued again signed with their last page, the evidence
// file and the Mémo made, every PDF sealed and stored). Each iteration
// signs a contract made beforehand, outside the timer
// (go test -run '^$' -bench Signature -benchtime 20x ./pkg/contract/).
func BenchmarkSignature(b *testing.B) {
	f := newFixture(b)
	for b.Loop() {
		b.StopTimer()
		c := f.draft(b)
		b.StartTimer()
		if s := f.sign(b, c); s.Status != contract.StatusAwaiting {
			b.Fatalf("signed: %s", s.Status)
		}
	}
}

// BenchmarkDrafts measures the documents a client reads before signing
// (advice, conditions, IPID, withdrawal letter), made and sealed when a
// contract is complete: four documents per iteration.
func BenchmarkDrafts(b *testing.B) {
	f := newFixture(b)
	for b.Loop() {
		f.draft(b)
	}
}
