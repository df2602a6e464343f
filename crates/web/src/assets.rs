//! The page's files, compiled into the binary so `ply serve` needs nothing beside it.
//!
//! Two kinds: the page's own (this crate's `assets/`: the document, its style and the
//! generic scripts, one per concern, the grid renderer among them), and each game's drawing
//! module, which lives in the game's folder (`crates/games/NAME/src/view.js`, given by
//! `BoardView::SCRIPT`) and is served at `/games/NAME.js` for every game of the registry.
//! The drawings are found through the registry rather than listed here (or picked up from a
//! folder of this crate by a build script) so that a new game's drawing stays in its own
//! folder and adds no line to this crate; a game drawn as a grid has none at all.

use axum::extract::OriginalUri;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use ply_registry::{with_game, GameId};

use crate::api::no_such_endpoint;
use crate::views::BoardView;

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

/// The page's own files: path, content type, contents (`index.html` loads the scripts).
/// The icon is an SVG served where every browser looks for one, `/favicon.ico`, and named
/// there by the page's `<link rel="icon">` with its type, so no request of the page's is a
/// 404.
const PAGE_FILES: &[(&str, &str, &str)] = &[
    ("/", HTML, include_str!("../assets/index.html")),
    ("/style.css", CSS, include_str!("../assets/style.css")),
    ("/app.js", JS, include_str!("../assets/app.js")),
    ("/solver.js", JS, include_str!("../assets/solver.js")),
    ("/links.js", JS, include_str!("../assets/links.js")),
    ("/analysis.js", JS, include_str!("../assets/analysis.js")),
    ("/graph.js", JS, include_str!("../assets/graph.js")),
    ("/grid.js", JS, include_str!("../assets/grid.js")),
    ("/favicon.ico", SVG, include_str!("../assets/favicon.svg")),
];

/// Where the drawing modules are served: `/games/NAME.js`.
const GAME_SCRIPTS: &str = "/games/";

/// The routes of every file of the page.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let router = PAGE_FILES
        .iter()
        .fold(Router::new(), |router, &(path, kind, body)| {
            router.route(path, get(move || async move { file(kind, body) }))
        });
    router.route(&format!("{GAME_SCRIPTS}{{file}}"), get(game_script))
}

/// Where the page finds `game`'s drawing module, if the game has one (a grid has none).
pub fn script_url(game: GameId) -> Option<String> {
    script(game).map(|_| format!("{GAME_SCRIPTS}{}.js", game.name()))
}

fn script(game: GameId) -> Option<&'static str> {
    with_game!(game, |G| <G as BoardView>::SCRIPT)
}

fn file(kind: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, kind)], body).into_response()
}

/// `GET /games/NAME.js`: the drawing module of the game called NAME; anything else under
/// `/games/` (another name, a game drawn as a grid) is the API's 404.
async fn game_script(OriginalUri(uri): OriginalUri) -> Response {
    let found = uri
        .path()
        .strip_prefix(GAME_SCRIPTS)
        .and_then(|file| file.strip_suffix(".js"))
        .and_then(GameId::from_name)
        .and_then(script);
    match found {
        Some(body) => file(JS, body),
        None => no_such_endpoint(OriginalUri(uri)).await.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_file_the_document_loads_is_served() {
        let (_, _, html) = PAGE_FILES[0];
        for (path, kind, _) in &PAGE_FILES[1..] {
            let tag = match *kind {
                JS => format!("<script src=\"{path}\"></script>"),
                SVG => format!("<link rel=\"icon\" href=\"{path}\" type=\"{SVG}\">"),
                _ => format!("<link rel=\"stylesheet\" href=\"{path}\">"),
            };
            assert!(html.contains(&tag), "index.html does not load {path}");
        }
    }

    #[test]
    fn a_game_has_a_drawing_module_or_a_grid() {
        for &game in GameId::ALL {
            if script_url(game).is_none() {
                let board = with_game!(game, |G| {
                    <G as ply_core::Described>::from_settings(&Default::default())
                        .expect("every game starts from the empty settings")
                        .board_json()
                });
                assert_eq!(board["kind"], "grid", "{game} has neither");
            }
        }
    }
}
