package mail

import (
	"strings"
	"testing"

	"courtier/pkg/event"
)

// TestCompareLine: the avis links to the comparison kept in « Mes prix »
// when the server priced one, and to nothing otherwise (a contract from
// an offer, a pricing that failed, an address that is not the site's).
func TestCompareLine(t *testing.T) {
	m := &Mailer{publicURL: "https://courtier.example"}
	for _, tc := range []struct {
		url, want, not string
	}{
		{"/mes-prix?id=ABC", "https://courtier.example/mes-prix?id=ABC", "conseiller"},
		{"", "un conseiller étudie votre demande", "http"},
		{"https://ailleurs.example/mes-prix?id=ABC", "un conseiller étudie votre demande", "ailleurs"},
		{"/mes-prix?id=%zz", "un conseiller étudie votre demande", "mes-prix"},
	} {
		got := compareLine(m, event.RenewalPayload{CompareURL: tc.url})
		if !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("compareLine(%q) = %q, want %q and not %q", tc.url, got, tc.want, tc.not)
		}
	}
}
