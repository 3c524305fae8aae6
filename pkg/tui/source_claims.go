package tui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/fr"
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

// SetClaimResponsibility records a vehicle claim's responsibility through
// the claims' service, as the web desk's claim responsibility endpoint does.
func (s *appSource) SetClaimResponsibility(ctx context.Context, id, responsibility string) error {
	return s.act(func() error {
		_, err := s.a.Claims.SetResponsibility(ctx, s.actor, id, claim.ResponsibilityInput{Responsibility: responsibility})
		return err
	})
}

// claimLines are a claim's own lines in the request's view
// (claim.StaffLines, which its KindSpec gives the desk).
func claimLines(c *claim.StaffClaim) [][2]string { return pairs(claim.StaffLines(c, paris)) }

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
