package upload

import (
	"fmt"
	"strings"

	"courtier/pkg/apperr"
	"courtier/pkg/fr"
)

// The French messages of the refusals. Each tells the client what to send
// instead; spaces before « : » and between a number and its unit do not break.
const (
	msgEmpty       = "Le fichier est vide."
	msgTooBig      = "Le fichier dépasse %s."
	msgType        = "Ce type de fichier n’est pas accepté\u00a0: envoyez %s."
	msgTypeNone    = "Ce type de fichier n’est pas accepté."
	msgImageBroken = "Cette image est illisible ou abîmée\u00a0: envoyez-la de nouveau ou prenez une autre photo."
	msgImagePixels = "Cette image dépasse %s\u00a0mégapixels\u00a0: envoyez une photo plus petite."
	msgImageSide   = "Cette image dépasse %s\u00a0pixels de côté\u00a0: envoyez une photo plus petite."
	msgPDFBroken   = "Ce PDF est incomplet ou abîmé\u00a0: envoyez-le de nouveau."
	msgPDFActive   = "Ce PDF contient du contenu actif (JavaScript ou pièce jointe)\u00a0: envoyez une version simple, sans script."
	msgPDFLocked   = "Ce PDF est protégé par un mot de passe ou chiffré\u00a0: envoyez une version sans protection."
	msgPDFComplex  = "Ce PDF est trop complexe pour être vérifié\u00a0: envoyez une version simple, par exemple en l’imprimant en PDF."
)

// refuse builds the field error of a refused file.
func refuse(format string, args ...any) error {
	return apperr.FieldErrorf("file", format, args...)
}

// label names a kind the way the messages list it: "un PDF".
func (k Kind) label() string {
	switch k {
	case PDF:
		return "un PDF"
	case JPEG:
		return "un JPEG"
	case PNG:
		return "un PNG"
	}
	return ""
}

// notAccepted refuses a type, naming the kinds the policy accepts.
func notAccepted(kinds []Kind) error {
	var names []string
	for _, k := range allKinds() {
		for _, accepted := range kinds {
			if k == accepted {
				names = append(names, k.label())
				break
			}
		}
	}
	switch len(names) {
	case 0:
		return refuse(msgTypeNone)
	case 1:
		return refuse(msgType, names[0])
	}
	last := len(names) - 1
	return refuse(msgType, strings.Join(names[:last], ", ")+" ou "+names[last])
}

// bytesText writes a size limit the way a file manager does, rounded down
// so that a refused file does exceed the figure shown: "10 Mo", "1,5 Mo",
// "500 Ko". Units are binary, as Windows counts them.
func bytesText(n int64) string {
	const ko, mo = 1 << 10, 1 << 20
	switch {
	case n >= mo:
		return decimalText(n, mo) + fr.NBSP + "Mo"
	case n >= ko:
		return decimalText(n, ko) + fr.NBSP + "Ko"
	}
	return fr.Int(int(n)) + fr.NBSP + "octets"
}

// pixelsText writes a pixel count in megapixels, rounded down: "40", "12,5".
func pixelsText(n int) string { return decimalText(int64(n), 1_000_000) }

// decimalText writes n/unit with at most one decimal, rounded down,
// with a French decimal comma.
func decimalText(n, unit int64) string {
	whole, tenth := n/unit, n%unit*10/unit
	if tenth == 0 {
		return fr.Int(int(whole))
	}
	return fmt.Sprintf("%s,%d", fr.Int(int(whole)), tenth)
}
