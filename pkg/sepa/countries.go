package sepa

// ibanLength returns the length of an IBAN of the country cc when the
// country is in the geographical scope of the SEPA schemes, 0 otherwise.
// The list is the EPC's (EPC409-09) in 2025: the EU, the EEA, Switzerland,
// the United Kingdom, Monaco, San Marino, Andorra, the Vatican, then Albania
// and Montenegro (2024), Moldova and North Macedonia (2025) and Serbia (in
// scope since May 2025, its banks ready in 2026). Gibraltar has its own
// code; the Channel Islands and the Isle of Man use GB IBANs, the French
// overseas territories in SEPA use FR ones, Åland uses FI.
// A switch rather than a map: a table of constants, nothing to mutate.
func ibanLength(cc string) int {
	switch cc {
	case "NO":
		return 15
	case "BE":
		return 16
	case "DK", "FI", "NL":
		return 18
	case "MK", "SI":
		return 19
	case "AT", "EE", "LT", "LU":
		return 20
	case "CH", "HR", "LI", "LV":
		return 21
	case "BG", "DE", "GB", "IE", "ME", "RS", "VA":
		return 22
	case "GI":
		return 23
	case "AD", "CZ", "ES", "MD", "RO", "SE", "SK":
		return 24
	case "PT":
		return 25
	case "IS":
		return 26
	case "FR", "GR", "IT", "MC", "SM":
		return 27
	case "AL", "CY", "HU", "PL":
		return 28
	case "MT":
		return 31
	}
	return 0
}
