package contract_test

import (
	"testing"

	"courtier/pkg/contract"
)

// TestReferencePrefixesStay: contracts keep the prefixes their papers
// already carry; it is the other series that moved away from them.
func TestReferencePrefixesStay(t *testing.T) {
	tests := []struct {
		what, got, want string
	}{
		{"contract number", contract.NumberPrefix, "CT"},
		{"mandate reference", contract.MandatePrefix, "CTR"},
		{"signature evidence", contract.EvidencePrefix, "SIG"},
		{"payment incident transfer reference", contract.IncidentPrefix, "IMP"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: prefix %q, want %q", tt.what, tt.got, tt.want)
		}
	}
	if len(contract.Series()) != len(tests) {
		t.Errorf("series %+v", contract.Series())
	}
}
