package pricing

import "strconv"

// French number formats for the trace and the advice: « 1 234,56 € »
// with a narrow no-break space between thousands and a no-break space
// before the euro sign, « 1,10 » for a coefficient.
const (
	nbsp       = "\u00a0"
	narrowNbsp = "\u202f"
)

// Euros writes an amount in cents the French way: « 1 234,56 € ».
func Euros(cents int64) string {
	return string(appendEuros(make([]byte, 0, 16), cents))
}

func appendEuros(b []byte, cents int64) []byte {
	if cents < 0 {
		b = append(b, '-')
		cents = -cents
	}
	b = appendThousands(b, cents/100)
	c := byte(cents % 100)
	return append(b, ',', '0'+c/10, '0'+c%10, 0xc2, 0xa0, 0xe2, 0x82, 0xac) // nbsp + "€"
}

// appendThousands writes n ≥ 0 with its thousands apart: « 12 000 ».
// A trace writes a few hundred numbers: digits are written directly,
// group by group.
func appendThousands(b []byte, n int64) []byte {
	switch {
	case n < 0:
		return appendSigned(b, n)
	case n >= 1000:
		b = appendThousands(b, n/1000)
		g := n % 1000
		return append(b, 0xe2, 0x80, 0xaf, '0'+byte(g/100), '0'+byte(g/10%10), '0'+byte(g%10)) // narrowNbsp + 3 digits
	case n >= 100:
		return append(b, '0'+byte(n/100), '0'+byte(n/10%10), '0'+byte(n%10))
	case n >= 10:
		return append(b, '0'+byte(n/10), '0'+byte(n%10))
	}
	return append(b, '0'+byte(n))
}

// appendSigned is appendThousands' former loop, kept for the negative
// numbers that no checked answer gives, so that they read as before.
func appendSigned(b []byte, n int64) []byte {
	var digits [20]byte
	s := strconv.AppendInt(digits[:0], n, 10)
	for i := 0; i < len(s); i++ {
		if i > 0 && (len(s)-i)%3 == 0 {
			b = append(b, narrowNbsp...)
		}
		b = append(b, s[i])
	}
	return b
}

// Coefficient writes a multiplier with a decimal comma and at least two
// decimals: 1,1 → « 1,10 », 1,125 → « 1,125 ».
func Coefficient(x float64) string {
	return string(appendCoefficient(make([]byte, 0, 8), x))
}

func appendCoefficient(b []byte, x float64) []byte {
	// Four decimals at most: the file's coefficients have fewer.
	n := int64(x*10000 + 0.5)
	b = strconv.AppendInt(b, n/10000, 10)
	frac := n % 10000
	digits := 4
	for digits > 2 && frac%10 == 0 {
		frac /= 10
		digits--
	}
	b = append(b, ',')
	var buf [4]byte
	s := strconv.AppendInt(buf[:0], frac, 10)
	for i := len(s); i < digits; i++ {
		b = append(b, '0')
	}
	return append(b, s...)
}

// Percent writes a rate as a French percentage: 0.012 → « 1,2 % ».
func Percent(rate float64) string {
	return string(appendPercent(make([]byte, 0, 8), rate))
}

func appendPercent(b []byte, rate float64) []byte {
	n := int64(rate*10000 + 0.5) // hundredths of a percent
	b = strconv.AppendInt(b, n/100, 10)
	if frac := n % 100; frac != 0 {
		b = append(b, ',')
		if frac%10 == 0 {
			b = append(b, byte('0'+frac/10))
		} else {
			b = append(b, byte('0'+frac/10), byte('0'+frac%10))
		}
	}
	return append(b, nbsp+"%"...)
}

// roundCents rounds an amount in cents, computed in floating point, to
// the nearest cent, halves away from zero. The amount is first rounded
// to a ten-thousandth of a cent so that the noise of binary fractions
// (1,1 is not exact) cannot move a true half cent.
func roundCents(x float64) int64 {
	scaled := int64(x*10000 + 0.5)
	return (scaled + 5000) / 10000
}
