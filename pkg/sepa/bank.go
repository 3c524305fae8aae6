package sepa

// bankCode is where the bank's identifier sits in the IBANs of the
// countries whose layout says it (the SWIFT IBAN registry): offset and
// length in the normalized IBAN. France and Monaco: the code banque of 5
// digits after the key (the code guichet that follows is a branch of
// that bank); Italy and San Marino: the ABI after the CIN letter; the
// United Kingdom and Ireland: the bank's four letters before the sort
// code.
func bankCode(iban string) (string, bool) {
	if len(iban) < 4 {
		return "", false
	}
	var at, n int
	switch iban[:2] {
	case "FR", "MC":
		at, n = 4, 5
	case "IT", "SM":
		at, n = 5, 5
	case "DE":
		at, n = 4, 8
	case "AT", "CH", "LI":
		at, n = 4, 5
	case "BE", "LU":
		at, n = 4, 3
	case "ES", "PT", "NL", "GB", "IE":
		at, n = 4, 4
	default:
		return "", false
	}
	if len(iban) < at+n {
		return "", false
	}
	return iban[at : at+n], true
}

// SameBank tells whether the accounts (ibanA, bicA) and (ibanB, bicB) are
// kept by the same bank, as the SEPA Core rulebook distinguishes a change
// of account in the same bank (the next debit gives the original IBAN)
// from a change of bank (SMNDA, the next debit a first one). IBANs of two
// countries are two banks; in a country whose IBAN says where the bank's
// code sits, the codes decide; else two BICs given decide by their first
// 8 characters and their branches when both name one. When neither can
// tell, known is false and same false: the caller then takes the change
// as a change of bank, whose first debit every bank takes.
func SameBank(ibanA, bicA, ibanB, bicB string) (same, known bool) {
	a, b := NormalizeIBAN(ibanA), NormalizeIBAN(ibanB)
	if len(a) < 2 || len(b) < 2 {
		return false, false
	}
	if a[:2] != b[:2] {
		return false, true
	}
	if ca, ok := bankCode(a); ok {
		cb, _ := bankCode(b)
		return ca == cb, true
	}
	x, y := NormalizeBIC(bicA), NormalizeBIC(bicB)
	if len(x) < 8 || len(y) < 8 {
		return false, false
	}
	if x[:8] != y[:8] {
		return false, true
	}
	bx, by := branch(x), branch(y)
	return bx == "" || by == "" || bx == by, true
}

// branch is the branch code of an 11-character BIC, "" for the head
// office (XXX) or an 8-character BIC.
func branch(bic string) string {
	if len(bic) != 11 || bic[8:] == "XXX" {
		return ""
	}
	return bic[8:]
}
