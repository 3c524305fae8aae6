package app

import (
	"courtier/pkg/contract"
	"courtier/pkg/desk"
)

// referenceSeries lists every series of references the broker gives out:
// one per kind registered with the queue, and the contracts'. A new
// numbered thing (an avis d'échéance, a receipt) joins this list, so that
// New and the tests refuse a prefix it shares with another.
func referenceSeries(d *desk.Service) []desk.Series {
	return append(d.Series(), contract.Series()...)
}
