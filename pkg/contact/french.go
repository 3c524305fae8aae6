package contact

import (
	"time"

	"courtier/pkg/fr"
)

// French writing of the slots and phone numbers in the texts this package
// composes (history lines, the replies a client reads); dates and numbers
// come from pkg/fr. Spaces that must not break are written as such: these
// texts are shown as they are, in the queue, on the dashboard and in the
// data export.

// frSlot writes a callback slot: "23 novembre 2026, 14:00 – 15:00".
func frSlot(start, end time.Time, loc *time.Location) string {
	return fr.Date(start, loc) + ", " + fr.Clock(start, loc) + fr.NBSP + "–" + fr.NBSP + fr.Clock(end, loc)
}
