package document

import (
	"strconv"
	"strings"
	"time"

	"courtier/pkg/fr"
	"courtier/pkg/sepa"
)

// The spaces French typography wants kept with their neighbours: a number
// with its unit, « with its text », the thousands of a number.
const (
	nbsp       = "\u00a0"
	narrowNbsp = "\u202f"
)

// Euros writes an amount in cents the French way: « 1 234,56 € », with a
// narrow no-break space between thousands and a no-break space before €.
func Euros(cents int64) string {
	var b strings.Builder
	if cents < 0 {
		b.WriteByte('-')
		cents = -cents
	}
	b.WriteString(thousands(cents / 100))
	b.WriteByte(',')
	b.WriteByte(byte('0' + cents%100/10))
	b.WriteByte(byte('0' + cents%10))
	b.WriteString(nbsp + "€")
	return b.String()
}

// thousands writes n ≥ 0 with its thousands apart: « 12 000 ».
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteString(narrowNbsp)
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// date writes the day of t in loc: « 1er avril 2026 », « 22 novembre 2026 ».
func date(t time.Time, loc *time.Location) string { return fr.Date(t, loc) }

// dayMonth writes the day of t in loc without its year: « 1er avril ».
func dayMonth(t time.Time, loc *time.Location) string { return fr.DayMonth(t, loc) }

// dateTime writes t in loc to the second, as evidence wants it:
// « 22 novembre 2026 à 14:05:09 ».
func dateTime(t time.Time, loc *time.Location) string {
	return date(t, loc) + " à" + nbsp + t.In(loc).Format("15:04:05")
}

// groupIBAN writes an IBAN by groups of four, as on a bank's RIB:
// « FR76 3000 6000 0112 3456 7890 189 ».
func groupIBAN(iban string) string { return sepa.FormatIBAN(iban) }

// MaskAddress hides most of an e-mail address or phone number, as the
// evidence shows where a code went without giving the address away:
// « j•••••t@example.com », « 06 •• •• •• 78 ».
func MaskAddress(to string) string {
	if at := strings.LastIndexByte(to, '@'); at > 0 {
		local := []rune(to[:at])
		if len(local) <= 2 {
			return string(local[0]) + "•••" + to[at:]
		}
		return string(local[0]) + strings.Repeat("•", len(local)-2) + string(local[len(local)-1]) + to[at:]
	}
	digits := []rune(strings.ReplaceAll(to, " ", ""))
	if len(digits) < 6 {
		return strings.Repeat("•", len(digits))
	}
	masked := string(digits[:2]) + " •• •• •• " + string(digits[len(digits)-2:])
	return masked
}

// quoted puts a short name between « guillemets », its words joined by
// no-break spaces so that it is never cut at the end of a line.
func quoted(name string) string {
	return "«" + nbsp + strings.ReplaceAll(strings.TrimSpace(name), " ", nbsp) + nbsp + "»"
}
