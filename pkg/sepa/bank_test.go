package sepa

import "testing"

func TestSameBank(t *testing.T) {
	tests := []struct {
		name                     string
		ibanA, bicA, ibanB, bicB string
		same, known              bool
	}{
		{"two branches of one French bank", "FR76 3000 6000 0112 3456 7890 189", "", "FR7630006000020000000000097", "", true, true},
		{"two French banks, whatever the BICs say", "FR7630006000011234567890189", "AGRIFRPP", "FR7630004008200001234560104", "AGRIFRPP", false, true},
		{"two countries", "FR7630006000011234567890189", "", "BE68539007547034", "", false, true},
		{"Belgium: the bank's three digits", "BE68539007547034", "", "BE71539007547199", "", true, true},
		{"Germany: the Bankleitzahl", "DE89370400440532013000", "", "DE89370400440532013001", "", true, true},
		{"Finland, the same BIC", "FI2112345600000785", "NDEAFIHH", "FI5542345670000081", "NDEAFIHHXXX", true, true},
		{"Finland, two branches", "FI2112345600000785", "NDEAFIHH123", "FI5542345670000081", "NDEAFIHH456", false, true},
		{"Finland, two BICs", "FI2112345600000785", "NDEAFIHH", "FI5542345670000081", "OKOYFIHH", false, true},
		{"Finland without BIC: cannot tell", "FI2112345600000785", "", "FI5542345670000081", "NDEAFIHH", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			same, known := SameBank(tt.ibanA, tt.bicA, tt.ibanB, tt.bicB)
			if same != tt.same || known != tt.known {
				t.Errorf("SameBank = %v, %v; want %v, %v", same, known, tt.same, tt.known)
			}
		})
	}
}
