package mail

import (
	"context"
	"fmt"
	"testing"

	"courtier/pkg/event"
	"courtier/pkg/mail/mailtest"
	"courtier/pkg/store"
)

// BenchmarkOutbox measures the outbox's throughput, per event: recorded in
// a transaction of its own, handed to the mail consumer (a notice written
// in text and HTML), and handed to a local SMTP server over loopback
// (plain SMTP, one connection a round of 8). Events per second =
// 1e9 / ns/op; the sub-benchmarks split the cost.
func BenchmarkOutbox(b *testing.B) {
	for _, stage := range []string{"record", "record+dispatch", "record+dispatch+send"} {
		b.Run(stage, func(b *testing.B) {
			f := newBenchFixture(b)
			srv := mailtest.Start(b, mailtest.Options{})
			sender := f.mailer.NewSender(server(srv, "smtp", ""), SenderConfig{})
			ctx := context.Background()
			i := 0
			for b.Loop() {
				i++
				err := f.db.WriteTx(ctx, func(tx *store.Tx) error {
					return event.Record(ctx, tx, event.RequestReceived, fmt.Sprintf("request:%d", i), quoteReceived(fmt.Sprintf("D-2026-%05d", i)), testNow)
				})
				if err != nil {
					b.Fatal(err)
				}
				if stage == "record" || i%8 != 0 {
					continue
				}
				if _, err := f.events.Dispatch(ctx); err != nil {
					b.Fatal(err)
				}
				if stage == "record+dispatch+send" {
					if _, err := sender.SendDue(ctx); err != nil {
						b.Fatal(err)
					}
				}
			}
			if stage == "record+dispatch+send" && len(srv.Accepted()) < i-8 {
				b.Fatalf("%d mails accepted for %d events", len(srv.Accepted()), i)
			}
		})
	}
}
