package company

import "time"

// Slot is a one-hour window in which a client asks to be called back.
type Slot struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// CallbackNotice is how soon a callback can be asked for: the agent needs
// the time to see the request, so no slot starts within the hour.
const CallbackNotice = time.Hour

// maxScanDays bounds the search for slots: hours whose periods are all
// shorter than an hour have no slot at all, and the search must end.
const maxScanDays = 400

// Slots are the one-hour callback slots within the opening hours of the
// next `days` working days that still have one, from the first slot that
// starts at least CallbackNotice after from. Slots start on the opening
// time and every hour after it (9:00-10:00 … 17:00-18:00; 9:00-10:00 …
// 11:00-12:00 on Saturday). On Monday at 17:30 with days = 2, they are
// Tuesday's and Wednesday's: a day with no slot left does not count.
func (c *Calendar) Slots(from time.Time, days int) []Slot {
	if days <= 0 {
		return nil
	}
	earliest := from.Add(CallbackNotice)
	var slots []Slot
	d := c.dateOf(earliest)
	for scanned := 0; days > 0 && scanned < maxScanDays; scanned++ {
		before := len(slots)
		for _, sp := range c.spans(d) {
			for m := sp.open; m+60 <= sp.close; m += 60 {
				s := Slot{Start: c.at(d, m), End: c.at(d, m+60)}
				if !s.Start.Before(earliest) {
					slots = append(slots, s)
				}
			}
		}
		if len(slots) > before {
			days--
		}
		d = d.add(1)
	}
	return slots
}

// ValidSlot tells whether s is one of Slots(from, days): the check of a
// slot a client sent, which may have been offered a while ago or made up.
// Instants are compared, not locations, so a slot sent back in UTC is
// found.
func (c *Calendar) ValidSlot(from time.Time, s Slot, days int) bool {
	for _, offered := range c.Slots(from, days) {
		if offered.Start.Equal(s.Start) && offered.End.Equal(s.End) {
			return true
		}
	}
	return false
}
