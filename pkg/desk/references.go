package desk

import "fmt"

// Series is one run of references the broker gives out and a client may
// quote on the phone or find in a mail or a PDF: the prefix they start
// with and what they number.
type Series struct {
	Prefix string
	// What names the numbered things in French, plural and without an
	// article (« contrats »), for the error that reports a clash.
	What string
}

// CheckPrefixes reports two series that share a prefix, or a prefix that
// is not made of capital letters alone. A reference is its prefix, a dash
// and digits, so letters-only prefixes that differ never start the same
// reference (« CT- » does not start « CTR-00000042 »); one prefix for two
// series would let one reference name two different things.
func CheckPrefixes(series []Series) error {
	seen := map[string]string{}
	for _, s := range series {
		if s.Prefix == "" || !onlyCapitals(s.Prefix) {
			return fmt.Errorf("le préfixe %q des références des %s ne peut contenir que des lettres capitales", s.Prefix, s.What)
		}
		if other, ok := seen[s.Prefix]; ok {
			return fmt.Errorf("les références des %s et des %s ont le même préfixe «\u00a0%s-\u00a0»\u00a0: un même numéro nommerait deux choses",
				other, s.What, s.Prefix)
		}
		seen[s.Prefix] = s.What
	}
	return nil
}

func onlyCapitals(s string) bool {
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

// Series lists the references of every kind registered with the service,
// in the queue's order.
func (s *Service) Series() []Series {
	specs := s.Specs()
	out := make([]Series, len(specs))
	for i, spec := range specs {
		out[i] = Series{Prefix: spec.Machine.Prefix, What: "demandes «\u00a0" + spec.label() + "\u00a0»"}
	}
	return out
}
