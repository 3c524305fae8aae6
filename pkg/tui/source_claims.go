package tui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// The claims of the Demandes tab over the App: the claim whole in a
// request's view, and one of its files saved to disk.

// SaveClaimFile reads file fileID of claim id and writes it to a new file
// in dir under its own name made safe.
func (s *appSource) SaveClaimFile(ctx context.Context, id, fileID, dir string) (SavedFile, error) {
	f, name, err := s.a.Claims.FileOf(ctx, s.reader, id, fileID)
	if err != nil {
		return SavedFile{}, err
	}
	return saveUnique(dir, name, f.Data)
}

// MoveClaim makes a claim's next step through the claims' service, as the
// web desk's claim status endpoint does.
func (s *appSource) MoveClaim(ctx context.Context, id string, in claim.MoveInput) error {
	return s.act(func() error { _, err := s.a.Claims.Move(ctx, s.actor, id, in); return err })
}

// claimLines are a claim's own lines in the request's view: the contract,
// what happened and when, the delay to declare, where the follow-up
// stands, the answers to the questions and the description.
func claimLines(c *claim.StaffClaim) [][2]string {
	contract := c.Insurer + ", contrat n°\u00a0" + c.PolicyNumber + " souscrit ailleurs"
	if c.Contract != "" {
		contract = c.Contract + " chez " + c.Insurer
	}
	lines := [][2]string{{"Contrat", contract}, {"Produit", c.ProductLabel}, {"Nature", c.KindLabel},
		{"Survenu le", civilDate(c.OccurredAt)}, {"Déclaré le", frDateTime(c.DeclaredAt)}, {"Délai pour déclarer", declareText(c)},
		{"Règle du délai", c.DeclareRule}, {"N° de sinistre de l’assureur", c.InsurerRef}, {"Pièce demandée", c.Asked}}
	if c.AmountCents > 0 {
		lines = append(lines, [2]string{"Indemnité", pricing.Euros(c.AmountCents)})
	}
	lines = append(lines, [2]string{"Motif du refus", c.Reason})
	if a := c.Assistance; a != nil {
		lines = append(lines, [2]string{"Assistance", a.Insurer + " · " + fr.Phone(a.Phone)})
	}
	for _, a := range c.Answers {
		v := a.Text
		if v == "" {
			v = a.Value
		}
		// The form's questions end with « ? » after a plain space, which a
		// narrow terminal could fold alone onto the next line.
		lines = append(lines, [2]string{strings.ReplaceAll(a.Label, " ?", "\u00a0?"), v})
	}
	return append(lines, [2]string{"Description", c.Description})
}

// declareText is the last day the law gives to declare, and « déclaré
// hors délai » when the client declared after it; "" for a natural
// disaster whose decree is not out (the rule says it).
func declareText(c *claim.StaffClaim) string {
	if c.DeclareBy == "" {
		return ""
	}
	s := "au plus tard le " + civilDate(c.DeclareBy)
	if c.Late {
		s += " · déclaré hors délai"
	}
	return s
}

// frDateTime writes t in Paris, « 24 novembre 2026 à 10:12 »; "" when zero.
func frDateTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return fr.DateTime(t, paris)
}

// sizeText writes a file's size as a file manager does, in French:
// « 812 octets », « 245 Ko », « 1,2 Mo ».
func sizeText(n int64) string {
	const ko, mo = 1 << 10, 1 << 20
	switch {
	case n < ko:
		return fr.Int(int(n)) + fr.NBSP + "octets"
	case n < mo:
		return fr.Int(int((n+ko/2)/ko)) + fr.NBSP + "Ko"
	}
	tenths := (n*10 + mo/2) / mo
	s := fr.Int(int(tenths / 10))
	if tenths%10 != 0 {
		s += "," + itoa(int(tenths%10))
	}
	return s + fr.NBSP + "Mo"
}

// typeText names a file's type as staff say it: « photo JPEG », « PDF ».
func typeText(mime string) string {
	switch mime {
	case "image/jpeg":
		return "photo JPEG"
	case "image/png":
		return "image PNG"
	case "image/webp":
		return "image WebP"
	case "image/heic", "image/heif":
		return "photo HEIC"
	case "application/pdf":
		return "PDF"
	}
	return mime
}

// maxCopies bounds the « (2) », « (3) »… tried before giving up.
const maxCopies = 100

// saveUnique writes data to a new file in dir ("" for the working
// directory) named after name made safe; when the name is taken it adds
// « (2) », « (3) »… before the extension. It never overwrites a file.
func saveUnique(dir, name string, data []byte) (SavedFile, error) {
	name = safeName(name)
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for i := 1; i <= maxCopies; i++ {
		try := name
		if i > 1 {
			try = stem + " (" + itoa(i) + ")" + ext
		}
		path := filepath.Join(dir, try)
		shown := path
		if dir == "" || dir == "." {
			shown = "./" + try
		}
		out, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return SavedFile{}, apperr.Errorf(apperr.EINVALID, "Impossible d’écrire %s\u00a0: %s.", shown, pathReason(err))
		}
		n, err := out.Write(data)
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			_ = os.Remove(path)
			return SavedFile{}, apperr.Errorf(apperr.EINTERNAL, "Impossible d’écrire %s\u00a0: %s.", shown, pathReason(err))
		}
		return SavedFile{Path: shown, Size: n}, nil
	}
	return SavedFile{}, apperr.Errorf(apperr.ECONFLICT, "%s existe déjà en %d\u00a0exemplaires\u00a0: faites de la place avant d’enregistrer.", name, maxCopies)
}

// safeName is a file name from a client that may be written in a
// directory: no path, no separator, no control character, no leading
// dot (hidden files, « .. »), at most 120 characters; « piece » when
// nothing is left.
func safeName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r == '/' || r == '\\' || r == ':' || r == 0:
			return '-'
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, name)
	name = strings.TrimLeft(strings.TrimSpace(name), ".-")
	if r := []rune(name); len(r) > 120 {
		ext := []rune(filepath.Ext(name))
		if len(ext) > 10 {
			ext = nil
		}
		name = string(r[:120-len(ext)]) + string(ext)
	}
	if strings.TrimRight(name, ". ") == "" {
		return "piece"
	}
	return name
}
