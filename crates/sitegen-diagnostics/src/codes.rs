//! The catalogue of every problem sitegen reports: those of the content (`E00xx` to
//! `E06xx`, `W…`), those the link check finds in a build and in the web app's
//! sources (`E07xx`), the build's other failures (`E08xx`), the preview
//! server's (`E09xx`), the spreadsheet import's (`E10xx`) and publishing's (`E11xx`).
//!
//! One variant per rule, each with a stable code, a title, a description (its doc
//! comment) and the hint every diagnostic of that rule shows unless it has a more
//! specific suggestion computed from the content (a did-you-mean). `docs/errors.md`
//! and `sitegen explain CODE` are generated from [`ErrorCode::ALL`], and the tests
//! name the same variants, so documentation and behaviour read from one list.

use std::fmt;

/// How serious a diagnostic is: any error stops the build, warnings do not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The content is wrong; nothing is written.
    Error,
    /// The content works but probably is not what the editor wants.
    Warning,
}

impl Severity {
    /// `error` or `warning`, as printed in a diagnostic's first line.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

macro_rules! catalogue {
    ($(
        $(#[doc = $doc:literal])*
        $variant:ident = $code:literal, $severity:ident, $title:literal, $hint:literal;
    )*) => {
        /// Every rule of the content checks and the link check, and every other failure
        /// of a build or the preview server, with its stable code.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum ErrorCode {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl ErrorCode {
            /// Every code, in catalogue order.
            pub const ALL: &'static [ErrorCode] = &[ $( ErrorCode::$variant, )* ];

            /// The stable code, e.g. `E0101`. Codes starting with `W` are warnings.
            pub fn code(self) -> &'static str {
                match self { $( ErrorCode::$variant => $code, )* }
            }

            /// A short title of the rule, e.g. "unknown key".
            pub fn title(self) -> &'static str {
                match self { $( ErrorCode::$variant => $title, )* }
            }

            /// What the editor can usually do about it.
            pub fn hint(self) -> &'static str {
                match self { $( ErrorCode::$variant => $hint, )* }
            }

            /// What the rule checks, in a few sentences (the variant's doc comment).
            pub fn description(self) -> String {
                let lines: &[&str] = match self { $( ErrorCode::$variant => &[$($doc),*], )* };
                lines.iter().map(|line| line.trim()).collect::<Vec<_>>().join(" ")
            }

            /// Whether a problem of this kind is an error or a warning.
            pub fn severity(self) -> Severity {
                match self { $( ErrorCode::$variant => Severity::$severity, )* }
            }
        }
    };
}

catalogue! {
    /// A content file is not valid TOML.
    TomlSyntax = "E0001", Error, "TOML syntax error",
        "fix the TOML syntax at the position shown (quotes, brackets, `=`, commas)";
    /// A required content file is missing or cannot be read.
    FileUnreadable = "E0002", Error, "content file missing or unreadable",
        "every file listed in docs/data-contract.md §1 must exist and be readable";
    /// A content file is not UTF-8 text (the position is that of the first bad byte).
    FileNotUtf8 = "E0003", Error, "content file is not UTF-8",
        "save the file as UTF-8 (in VS Code: \"Save with Encoding\", UTF-8) and retype the character shown";
    /// The content directory itself does not exist.
    ContentDirMissing = "E0004", Error, "content directory not found",
        "run sitegen in the folder that holds content/, or pass --content DIR (the folder with site.toml)";
    /// A table holds a key its kind does not define.
    UnknownKey = "E0101", Error, "unknown key",
        "check the spelling against docs/data-contract.md §1; every table rejects unknown keys";
    /// A required key is absent.
    MissingField = "E0102", Error, "missing required field",
        "add the key to this table; docs/data-contract.md §1 shows every required key";
    /// A value has the wrong TOML type (e.g. a string where a number belongs).
    WrongType = "E0103", Error, "wrong type",
        "write the type the message asks for: texts and dates in \"quotes\", numbers and true/false without them";
    /// A required text is empty or only whitespace.
    EmptyText = "E0104", Error, "empty text",
        "write the text, or remove the key where it is optional";
    /// A text holds a character no page may show: a control character (NUL, ESC, …,
    /// which would reach the built pages as raw bytes) or a direction override
    /// (U+202A–U+202E, U+2066–U+2069, which reverses how the text reads). A line break
    /// or a tab is allowed only in texts of several lines (descriptions, paragraphs,
    /// quotes); titles, names and every other text are one line.
    ForbiddenCharacter = "E0106", Error, "character not allowed in text",
        "delete the character (it is invisible: retype the words around it if you cannot find it); write a line break or a tab only in a description, a paragraph or a quote";
    /// A number is outside the range its field allows.
    NumberOutOfRange = "E0105", Error, "number out of range",
        "ids and catalogue.toml's page_size are positive integers; counts, years and heights are non-negative integers";
    /// Two entries share an id (or two categories share a name).
    Duplicate = "E0201", Error, "duplicate id",
        "ids (and category names) must be unique within their kind";
    /// A product or showcase tab names a category that does not exist. References
    /// use the category's `id`, not its `name`: when a name (or a near typo of
    /// one) is written where the id belongs, the id is suggested.
    UnknownCategory = "E0202", Error, "unknown category",
        "use the `id` of a `[[category]]` in catalogue.toml";
    /// A product's subcategory is not one of its category's subcategories.
    UnknownSubcategory = "E0203", Error, "unknown subcategory",
        "use one of the category's `subcategories` in catalogue.toml, or add it there";
    /// A navigation entry or home card names a service that does not exist. When
    /// a service's title is written where its id belongs, the id is suggested.
    UnknownService = "E0204", Error, "unknown service",
        "use the `id` of a `[[service]]` in services.toml";
    /// A link target is not a route of the site.
    UnknownRoute = "E0205", Error, "unknown route",
        "use a route of docs/data-contract.md §4: a page such as /products, /services/{service id}, /products/category/{category id}, /products/{id}/{slug} or /railway-registration/PCMM (or PCMD)";
    /// A pages.toml entry names a path that is not a static route.
    NotAStaticRoute = "E0206", Error, "not a static route",
        "pages.toml can describe only the static routes of docs/data-contract.md §4";
    /// A navigation entry has both or neither of `to` and `service`.
    NavigationTarget = "E0207", Error, "navigation entry needs exactly one target",
        "give the entry either `to = \"/route\"` or `service = \"service-id\"`, not both";
    /// A navigation item names a generated menu other than `categories`.
    UnknownMenu = "E0208", Error, "unknown generated menu",
        "the only generated menu is `menu = \"categories\"`";
    /// A service's gallery does not hold `gallery_count` images.
    GalleryCount = "E0209", Error, "gallery size does not match gallery_count",
        "when `has_gallery = true`, `gallery` must list exactly `gallery_count` images";
    /// A value is not one of the allowed names (e.g. a social link kind).
    UnknownVariant = "E0210", Error, "value not allowed",
        "use one of the values listed in docs/data-contract.md §1";
    /// A railway registration's type is not PCMM or PCMD.
    UnknownRegistrationType = "E0211", Error, "unknown registration type",
        "a registration's `type` is \"PCMM\" or \"PCMD\"";
    /// An id that becomes a URL segment holds what a URL or a file name cannot.
    InvalidId = "E0212", Error, "id not usable in a URL",
        "ids in URLs use letters, digits, spaces, -, _ and . (not . or .. alone), at most 100 characters";
    /// A product names the same specification twice (names are compared without case).
    DuplicateSpecification = "E0213", Error, "specification named twice",
        "give each specification of a product its own name, or merge the two values into one";
    /// A malformed e-mail address.
    InvalidEmail = "E0301", Error, "invalid e-mail address",
        "write an address like name@company.in";
    /// A malformed URL.
    InvalidUrl = "E0302", Error, "invalid URL",
        "write an absolute http(s) URL (links may also be mailto: or tel:)";
    /// A malformed phone number.
    InvalidPhone = "E0303", Error, "invalid phone number",
        "use digits, spaces, a leading +, - and parentheses; 8 to 15 digits";
    /// A media path is not under `media/` inside the content directory.
    MediaOutsideContent = "E0401", Error, "media path outside content/media",
        "media paths are relative to content/ and start with media/, without ..";
    /// A media path names a file that does not exist.
    MediaMissing = "E0402", Error, "media file not found",
        "add the file under content/media/ or fix the path";
    /// A media file is not a readable image or video.
    MediaUnreadable = "E0403", Error, "media file is not a readable image or video",
        "use PNG, JPEG, GIF, WebP, AVIF, SVG (with width/height or viewBox), MP4 or WebM";
    /// An image is larger than a build can process (`limits::MAX_IMAGE_SIDE`).
    MediaTooLarge = "E0404", Error, "image too large",
        "resize the image (pages show it at most 1600 px wide) or raise the limit with SITEGEN_MAX_IMAGE_SIDE";
    /// An SVG drawing a page is shared with (a product's, category's or service's image)
    /// cannot be drawn faithfully into the PNG that sharing sites are given: it is not
    /// well-formed, or holds text (drawn with whatever fonts the building machine has)
    /// or embedded images (left out). Raised by `sitegen check` and `sitegen build`.
    UndrawableShareImage = "E0405", Error, "drawing cannot be turned into a share image",
        "convert the drawing's text to paths and embed no images in it, or give the entry a PNG or JPEG image";
    /// A product's `brochure` is not a PDF file (judged by its first bytes, `%PDF-`).
    BrochureNotPdf = "E0406", Error, "brochure is not a PDF",
        "export the brochure as PDF and name the .pdf file under content/media/";
    /// A product's `brochure` is larger than the limit a download may have.
    BrochureTooLarge = "E0407", Error, "brochure too large",
        "make the PDF smaller (export it for screen, with compressed images), or split it";
    /// An SVG drawing holds what would run script or load another file when it is
    /// opened by itself: a `<script>` or `<foreignObject>`, an event handler (`onload=`,
    /// `onclick=`, …), or a link, image or style that points outside the drawing. A host
    /// that sends no Content-Security-Policy (GitHub Pages sends none) would run it on the
    /// site's own address. Raised by `sitegen check`, `sitegen build` and the editor's upload.
    UnsafeSvg = "E0408", Error, "drawing runs script or loads other files",
        "export the drawing without scripts, event handlers or links to other files (in Inkscape: Save As \"Optimized SVG\" or \"Plain SVG\"), or use a PNG";
    /// An image's bytes are of another format than its extension says (a PNG named
    /// `.jpg`): hosts would send it with the wrong type.
    MediaMisnamed = "E0409", Error, "image named for another format",
        "rename the file to the extension of its format (the message names it), or export it again in the format its name says";
    /// A HEIC/HEIF photo (the iPhone's default format), which browsers other than Safari
    /// do not show.
    HeicPhoto = "E0410", Error, "HEIC photo",
        "export it as a JPEG: on the iPhone, share the photo to Files (or Mail) with Options > Format: Most Compatible; on a Mac, open it in Preview or Photos and use File > Export as JPEG; for new photos, Settings > Camera > Formats > Most Compatible";
    /// An image the site publishes as it is (no page shows it with WebP variants, or
    /// they were not smaller) has a segment or chunk that does not follow its format, so
    /// its metadata (a phone's camera, serial number and GPS position) cannot be taken
    /// out without decoding it, and it is not published with them.
    MetadataUnstrippable = "E0411", Error, "image metadata cannot be removed",
        "open the image in an image editor and export it again as a standard JPEG, PNG or WebP";
    /// A list does not have the exact length the contract states.
    WrongCount = "E0501", Error, "wrong number of entries",
        "the contract fixes this list's length (3 footer e-mails, 3 footer phones, 2 top-bar phones)";
    /// A policy text uses a `{placeholder}` sitegen does not know.
    UnknownPlaceholder = "E0502", Error, "unknown placeholder",
        "the placeholders are {support_email}, {company} and {address}";
    /// A statistic's value is negative.
    NegativeStat = "E0503", Error, "negative statistic",
        "statistics count up from 0: use a value of 0 or more";
    /// A published entry links to a draft, which `sitegen build` leaves out.
    DraftReference = "E0601", Error, "link to a draft",
        "sitegen build leaves drafts out, so this link would break: publish the entry (remove `draft = true`) or remove the link";
    /// An alias is not a path of the site.
    InvalidAlias = "E0602", Error, "alias is not a path",
        "write an old path of the site, like \"/old/path\"";
    /// An alias is a real page, a file sitegen writes, or another entry's alias.
    AliasConflict = "E0603", Error, "alias collides",
        "an alias names an old path that no page of the site uses and no other entry claims";
    /// home.toml's `sections` names no home section.
    UnknownHomeSection = "E0604", Error, "unknown home section",
        "write the name of one of home.toml's tables (`[hero]`, `[map]`, …); the message names the nearest when one is close";
    /// home.toml's `sections` lists a section twice.
    DuplicateHomeSection = "E0605", Error, "home section listed twice",
        "list each section once, in the order the home page shows them";
    /// A word of synonyms.toml is empty, or holds nothing a search could match
    /// (only spaces or punctuation).
    EmptySynonym = "E0606", Error, "empty synonym",
        "write the word, or remove it from the list";
    /// A word of synonyms.toml is listed in two places that disagree: in two groups,
    /// twice in one, or as a group's word and a one-way mapping's `word`. A search for
    /// it would then mean two different things.
    SynonymConflict = "E0607", Error, "word in two synonym groups",
        "merge the two groups into one, or remove the word from one of them";
    /// An internal link of a built page (an `href`, `src`, `poster` or `srcset` URL,
    /// or a module the entry script preloads) leads to no file of the output and no
    /// `_redirects` alias. The message says whether the path is at least a route of
    /// the app (then its page was not generated) or not even that.
    BrokenLink = "E0701", Error, "broken link in a built page",
        "link to a page or file the build writes; a route without a page usually names an entry that does not exist or is a draft";
    /// An internal link of a built page is not a path from the site root: it is
    /// relative, holds `.` or `..` segments or a malformed %-escape.
    MalformedInternalLink = "E0702", Error, "malformed internal link",
        "write internal links from the site root (\"/products\"), without . or .. segments, escaping characters as %XX with two hex digits";
    /// An external URL of a built page is not well formed (nothing is fetched), or
    /// is a `javascript:` URL.
    MalformedExternalUrl = "E0703", Error, "malformed external URL",
        "write an absolute http(s) URL with a host, or a mailto: or tel: link; javascript: URLs are not allowed";
    /// A route literal of the web app's sources (`<Link to>`, `<NavLink to>`,
    /// `<Navigate to>`, `navigate(…)`, `redirect(…)`, `href`) matches no route of the
    /// route table. Tests (`__tests__/`, `*.test.*`, `*.spec.*`) are not checked.
    UnknownRouteLiteral = "E0704", Error, "route literal matches no route",
        "use a route of docs/data-contract.md §4, or build the href with web/src/lib/paths.ts";
    /// A web source file cannot be read, or parsed as TypeScript, for the link check.
    SourceUnparsable = "E0705", Error, "web source cannot be read or parsed",
        "fix the syntax at the position shown (`npx tsc --noEmit` in web/ says more), or save the file as UTF-8";
    /// A page of the build cannot be read back as UTF-8 text for the link check.
    PageUnreadable = "E0706", Error, "built page cannot be read",
        "a page sitegen wrote is not UTF-8 text: check the templates/ files are saved as UTF-8, else report it as a bug of sitegen";
    /// A file of the build cannot be read or written (the message names it and says
    /// why: missing, not allowed, the disk full).
    BuildIo = "E0801", Error, "cannot read or write a file",
        "check that the file named exists and that its folder is writable, and that the disk has room";
    /// The web app (`web/`) does not build: `npm ci` or Vite failed, with its output.
    WebAppBuild = "E0802", Error, "the web app does not build",
        "read the output above; `npm ci` then `npm run build` in web/ shows the same, and `npx tsc --noEmit` there points at type errors";
    /// A route's page cannot be prerendered: its screen threw on the server, the
    /// prerender worker did not answer in time, or each worker it was sent to ended
    /// (crashed, killed, out of memory) before answering.
    PrerenderFailed = "E0803", Error, "a page cannot be prerendered",
        "the message names the route: run the web unit tests (`npm test` in web/); a worker that hangs is killed after SITEGEN_WORKER_TIMEOUT_SECS (60 s)";
    /// Node.js, which prerenders the pages, cannot be started.
    NodeMissing = "E0804", Error, "Node.js cannot be started",
        "install Node.js 20.19 or later and make sure `node` is on PATH";
    /// A prerender worker exited with a failure, or did not exit after its last route.
    PrerenderWorkerFailed = "E0805", Error, "a prerender worker failed",
        "build again; if it fails the same way, run with --jobs 1 to see which route, and report it with the worker's output";
    /// A page renders a screen module that the web build does not hold: the route
    /// table and the web app disagree.
    ScreenNotBuilt = "E0806", Error, "a screen is missing from the web build",
        "run `sitegen gen` to write the route files of the web app, then build again";
    /// `templates/page.html` cannot be read or rendered (minijinja).
    TemplateError = "E0807", Error, "template error",
        "fix templates/page.html at the place the message names (minijinja syntax: {{ value }}, {% if %})";
    /// An image the content check accepted cannot be decoded for its WebP variants.
    ImageUndecodable = "E0808", Error, "image cannot be decoded",
        "open the image in an image editor and export it again as a standard PNG or JPEG";
    /// libwebp refused to encode a WebP variant of an image.
    WebpUnencodable = "E0809", Error, "WebP variant cannot be encoded",
        "export the image again (8-bit RGB or RGBA); if it persists, report it with the image";
    /// The PNG a page is shared with cannot be drawn from its SVG drawing.
    SharePngFailed = "E0810", Error, "share PNG cannot be drawn",
        "simplify the drawing named (plain shapes and paths), or give the entry a PNG or JPEG image";
    /// A media thread stopped unexpectedly, or a page's embedded data is not JSON: a
    /// bug of sitegen, not of the content.
    InternalError = "E0811", Error, "internal error",
        "build again; if it persists, report it with the command and its output";
    /// `--out` names a folder a build must not replace (the content, the project, a
    /// folder sitegen did not write); nothing was touched.
    UnsafeOutput = "E0812", Error, "refusing to build into that folder",
        "choose a new or empty folder for --out, or one an earlier sitegen build wrote";
    /// The output passes a documented limit of the host the build is for (`--host`,
    /// site.toml's `host`): files, bytes of a file, entries of a folder, redirect or
    /// header rules, total size. The previous output was left as it was.
    HostLimit = "E0813", Error, "the site passes a limit of its host",
        "do what the message says for that limit, or build for another host (--host); docs/deploying.md lists each host's limits";
    /// site.toml's `host` names no host sitegen knows.
    UnknownHost = "E0814", Error, "unknown host",
        "use one of: cloudflare-pages, netlify, vercel, github-pages, gitlab-pages, s3, nginx";
    /// site.toml's `media_url` cannot be the origin the media files are served at: it
    /// is not an absolute http(s) URL, or it has a query, a fragment, a trailing `/` or
    /// a path prefix that is not plain segments. Nothing was written.
    InvalidMediaUrl = "E0817", Error, "media_url is not a media origin",
        "write the origin the media folder is uploaded to, like https://media.example.com (a path prefix of plain segments is allowed: https://cdn.example.com/site)";
    /// The media folder (`--media-out`, or the output folder's name + `-media`) names a
    /// folder a build must not replace: the output folder or one inside or around it,
    /// the content, the project, or a folder sitegen did not write. Nothing was touched.
    UnsafeMediaOutput = "E0818", Error, "refusing to write the media into that folder",
        "choose a new or empty folder for --media-out beside the output folder (the default is the output folder's name + -media, e.g. dist-media)";
    /// The preview server cannot listen on the address (`--host`, `--port`).
    ListenFailed = "E0901", Error, "cannot listen on the address",
        "choose another --port (0 picks a free one), or stop the program that uses it";
    /// The preview server cannot watch a source folder for changes.
    WatchFailed = "E0902", Error, "cannot watch a folder",
        "check that the folder exists and can be read; on Linux, raise fs.inotify.max_user_watches";
    /// The preview server stopped on an error of the system (the message says which).
    ServerFailed = "E0903", Error, "the preview server stopped",
        "start `sitegen serve` again; if it fails the same way, report the message";
    /// A column header of an imported sheet names no product field.
    UnknownColumn = "E1001", Error, "unknown column",
        "rename the header to a product field (docs/spreadsheet.md), `spec: NAME` for a specification, or start it with # to keep it as a note";
    /// An imported sheet lacks a column every product needs, or names one twice.
    MissingColumn = "E1002", Error, "missing or repeated column",
        "export the catalogue (sitegen export products FILE) for a sheet with every column once";
    /// An `id` cell of an imported sheet is not a whole positive number.
    InvalidIdCell = "E1003", Error, "id is not a whole positive number",
        "write the product's number (12, or \"0012\" as text), or leave the cell empty to give the product the next free id";
    /// An imported CSV file is not UTF-8 text.
    SheetNotUtf8 = "E1004", Error, "CSV file is not UTF-8",
        "in Excel, save it with File > Save As > \"CSV UTF-8 (Comma delimited) (*.csv)\"; in LibreOffice, choose the character set Unicode (UTF-8)";
    /// An imported sheet cannot be read: not a spreadsheet, damaged, or without a sheet.
    SheetUnreadable = "E1005", Error, "spreadsheet cannot be read",
        "save the file again as .xlsx, .ods or CSV UTF-8, and check that its first sheet holds the products";
    /// A content file changed on disk while it was being changed here.
    FileChangedOnDisk = "E1006", Error, "file changed on disk",
        "another program changed the file meanwhile: nothing was written; run the command again on the new file";
    /// The content folder is not in a git repository, or its branch has no upstream
    /// (the remote branch a publish goes to).
    NoUpstream = "E1101", Error, "nowhere to publish to",
        "ask the developer to set the clone up once (docs/editor.md, \"Setting a clone up for publishing\"): `git remote add origin URL`, then `git push -u origin main`";
    /// The repository is on no branch (a detached HEAD): a publish would commit on nothing.
    DetachedHead = "E1102", Error, "not on a branch",
        "switch to the branch the site is published from (`git switch main`); your edits stay in the files";
    /// A merge, rebase, cherry-pick or revert is in progress in the repository.
    OperationInProgress = "E1103", Error, "a git operation is in progress",
        "finish it (`git merge --continue`, `git rebase --continue`) or abort it (`--abort`), then publish again";
    /// The remote refused the credentials, or none were available.
    AuthenticationFailed = "E1104", Error, "the remote refused the credentials",
        "check that `git fetch` works in a terminal (SSH key loaded, credential helper signed in), then publish again; nothing was published";
    /// The remote cannot be reached.
    RemoteUnreachable = "E1105", Error, "the remote cannot be reached",
        "check the network connection and the remote's address (`git remote -v`), then publish again; nothing was published";
    /// The branch has commits that are not on the remote yet: a publish sends only
    /// content files, so it does not send them for you.
    UnpushedCommits = "E1106", Error, "local commits are not pushed yet",
        "push them first (`git push`) or ask the developer who made them; a publish sends only the content edits listed";
    /// The same value was changed here and by a colleague since the last publish.
    PublishConflict = "E1107", Error, "a colleague changed the same value",
        "nothing was published and your edit is still on disk: to keep the colleague's value, set it, save and publish again; to keep yours, publish with `sitegen publish --keep-mine`";
    /// Git has no author name or e-mail for the commit.
    NoAuthor = "E1108", Error, "no author for the commit",
        "set them once: `git config --global user.name \"Your Name\"` and `git config --global user.email you@example.com`";
    /// A colleague changed a file that is also changed here, outside what a publish
    /// sends (or outside the content folder): publishing would have to overwrite it.
    LocalChangeInTheWay = "E1109", Error, "a colleague changed a file you changed too",
        "commit or put aside your own change to the files named (`git stash`), `git pull`, then publish again";
    /// Git failed for another reason, or is not installed.
    GitFailed = "E1110", Error, "git failed",
        "read git's message above; check that `git status` works in the project folder";
    /// An e-mail address at example.com or example.org.
    ExampleEmail = "W0001", Warning, "example e-mail address",
        "replace the example address with a real one before publishing";
    /// An EmailJS key that is still a placeholder.
    PlaceholderEmailKey = "W0002", Warning, "placeholder EmailJS key",
        "put the real EmailJS public key, service id and template ids in site.toml [email]";
    /// No EmailJS template for job applications.
    JobTemplateMissing = "W0003", Warning, "job applications are simulated",
        "add `job = \"template_id\"` under [email.templates] to deliver job applications";
    /// `dist/_redirects` passes a documented limit of a host that reads it (Netlify,
    /// Cloudflare Pages, GitLab Pages): that host ignores the rules past it. The stable
    /// product links take only the room every host leaves (the rest arrive through
    /// `404.html`'s app), so what passes are the content's `aliases`.
    RedirectLimit = "W0004", Warning, "redirect rules past a host's limit",
        "on that host, the aliases past the limit reach their page through a fallback page when they name a page or an .html file (sitegen writes one there), else through 404.html's app: remove old aliases nobody uses, or add the rest in the host's settings";
    /// No word of a synonym group (or no target of a one-way mapping) occurs in any
    /// product's title or description: the group finds nothing yet.
    UnusedSynonyms = "W0005", Warning, "synonym group matches no product",
        "check the spelling of the words against the products, or remove the group";
    /// Built for no host in particular, the output passes a documented limit of a host
    /// (files, bytes of a file, entries of a folder, total size): a deploy there would
    /// fail. The redirect rules' limits are W0004's.
    HostLimitPassed = "W0006", Warning, "the site passes a limit of a host",
        "deploy elsewhere, or build with --host for the host you deploy to, which checks its limits as errors (docs/deploying.md)";
    /// `SOURCE_DATE_EPOCH`, which fixes the date a build gives the sitemap's new and
    /// changed pages, is not a whole number of seconds: the clock's date is used.
    SourceDateEpoch = "W0009", Warning, "SOURCE_DATE_EPOCH is not a Unix time",
        "set it to whole seconds since 1970 (e.g. `SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)`), or unset it to date pages by the clock";
    /// site.toml's `media_url` is `http://` while `base_url` is `https://`: browsers
    /// block such media on an https page, or upgrade the request to https, which the
    /// media origin may not answer.
    InsecureMediaUrl = "W0010", Warning, "media_url is not https",
        "serve the media over https and write media_url with https://";
    /// The process of a prerender worker ended (killed, crashed, out of memory) before
    /// it answered a route, which was rendered on a new worker: the build went on.
    PrerenderRetried = "W0801", Warning, "a route was prerendered again on a new worker",
        "nothing to do if the worker was stopped on purpose; if it recurs, the system may be short of memory, or a route crashes Node: report it with the worker's output";
    /// A text cell of an imported sheet has spaces at its start or end; they are removed.
    TrimmedCell = "W1001", Warning, "spaces around a cell's text",
        "the spaces were removed; remove them in the sheet too to silence this";
    /// A number cell in a text column holds a number too long to keep exactly
    /// (shown like `1.2E+13`): the spreadsheet may have rounded a code or a phone number.
    NumberInTextColumn = "W1002", Warning, "long number in a text column",
        "format the column as Text in the spreadsheet before typing codes and long numbers";
    /// A number or date cell of an imported sheet (or a number in a CSV file) differs
    /// from the product's text in a way a spreadsheet's type guessing causes (`0042` made
    /// 42, `1E5` made 100000, a date made its day number or shown in another format): the
    /// text is kept.
    SpreadsheetChangedValue = "W1003", Warning, "value changed by the spreadsheet",
        "the product keeps its current text; open a CSV with every column as Text (see docs/spreadsheet.md), or import the .xlsx export, whose text columns stay text; to take the spreadsheet's value instead, import with --accept-spreadsheet-numbers";
    /// A content file that is not valid TOML on one side of a publish: its changes are
    /// listed as the file's, not by entry and field, and it is published as it is.
    PublishedWholeFile = "W1101", Warning, "file compared as a whole",
        "run `sitegen check` to find what is wrong with the file";
}

impl ErrorCode {
    /// The code written `code` (case-insensitive, e.g. `e0202`), if it exists.
    pub fn parse(code: &str) -> Option<ErrorCode> {
        ErrorCode::ALL
            .iter()
            .copied()
            .find(|known| known.code().eq_ignore_ascii_case(code.trim()))
    }

    /// One entry of the error reference, as `sitegen explain CODE` prints it and
    /// `docs/errors.md` holds it (Markdown).
    pub fn explanation(self) -> String {
        format!(
            "## {}: {}\n\n{}: {}\n\nWhat to do: {}\n",
            self.code(),
            self.title(),
            capitalized(self.severity().as_str()),
            self.description(),
            self.hint()
        )
    }

    /// The whole error reference, `docs/errors.md` (`sitegen explain --all`).
    pub fn reference_markdown() -> String {
        let mut text = String::from(REFERENCE_INTRO);
        text.push_str("| code | severity | problem |\n|---|---|---|\n");
        for code in ErrorCode::ALL {
            let heading = format!("{}: {}", code.code(), code.title());
            text.push_str(&format!(
                "| [{}](#{}) | {} | {} |\n",
                code.code(),
                heading_anchor(&heading),
                code.severity(),
                code.title()
            ));
        }
        for code in ErrorCode::ALL {
            text.push('\n');
            text.push_str(&code.explanation());
        }
        text
    }
}

/// The top of `docs/errors.md`.
const REFERENCE_INTRO: &str = "# Error reference

<!-- Generated from crates/sitegen-diagnostics/src/codes.rs by `sitegen gen`. Do not edit by hand. -->

`sitegen check`, `sitegen build` and `sitegen serve` report every problem of the content as one
diagnostic: the file, line and column, the severity with the rule's code, the message, the
offending line with a caret under the offending text, and a hint:

```text
content/products.toml:412:12: error[E0202]: unknown category \"dialisys\"
    |
412 | category = \"dialisys\"
    |            ^^^^^^^^^^
    = help: did you mean \"dialysis\"?
```

The link check reports in the same shape (codes `E07…`): `sitegen build` checks the links
of the pages it wrote (named by their path in the output folder, e.g.
`dist/aboutUs.html`), and `sitegen check` and `sitegen build` check the route literals
of the web app's sources (`web/src/…`).

A build that fails for another reason (codes `E08…`), the preview server (`E09…`) and
`sitegen publish` (`E11…`) print one line, `error[E0807]: MESSAGE`, and the rule's hint as `= help: …`.

Errors (codes `E…`) stop the build and nothing is written; warnings (codes `W…`) do not.
Errors are listed first, then warnings, then one summary line.
`sitegen explain E0202` prints one entry of this page in the terminal.

";

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The anchor GitHub gives a Markdown heading: lower case, punctuation dropped,
/// spaces turned into `-`.
fn heading_anchor(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn codes_are_unique_and_well_formed() {
        let mut seen = HashSet::new();
        for code in ErrorCode::ALL {
            assert!(seen.insert(code.code()), "duplicate code {}", code.code());
            assert_eq!(code.code().len(), 5);
            let expected = match code.severity() {
                Severity::Error => 'E',
                Severity::Warning => 'W',
            };
            assert!(code.code().starts_with(expected), "{}", code.code());
            assert!(!code.title().is_empty() && !code.hint().is_empty());
        }
    }

    #[test]
    fn reference_lists_every_code_and_explains_each() {
        let reference = ErrorCode::reference_markdown();
        let rows = reference.lines().filter(|l| l.starts_with("| [")).count();
        assert_eq!(rows, ErrorCode::ALL.len());
        assert!(
            reference.contains("| [E0202](#e0202-unknown-category) | error | unknown category |")
        );
        for code in ErrorCode::ALL {
            assert!(reference.contains(&code.explanation()), "{code}");
            assert!(!code.description().is_empty(), "{code} has no doc comment");
        }
        assert_eq!(
            ErrorCode::NegativeStat.explanation(),
            "## E0503: negative statistic\n\nError: A statistic's value is negative.\n\n\
             What to do: statistics count up from 0: use a value of 0 or more\n"
        );
    }

    #[test]
    fn codes_parse_case_insensitively() {
        assert_eq!(ErrorCode::parse("E0202"), Some(ErrorCode::UnknownCategory));
        assert_eq!(ErrorCode::parse(" w0001"), Some(ErrorCode::ExampleEmail));
        assert_eq!(ErrorCode::parse("E9999"), None);
    }

    #[test]
    fn anchors_follow_github() {
        assert_eq!(
            heading_anchor("E0401: media path outside content/media"),
            "e0401-media-path-outside-contentmedia"
        );
    }
}
