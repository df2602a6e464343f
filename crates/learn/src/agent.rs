//! The agents of a trained network, added to every game's catalog by the registry with
//! [`register`]: no line per game.
//!
//! - `az:model=NAME|FILE,sims=N,time=…,c=…,batch=…`: PUCT guided by the network.
//! - `az-policy:model=NAME|FILE`: the network's policy alone, its most likely legal move.
//!
//! `model=` names a model bundled with the game (`Encode::MODELS`) or a model file's path;
//! `auto` (the default) takes the bundled model of the position's variant. A model for
//! another game or variant is refused, naming both ([`Agent::fits`], which front ends ask
//! before a game; `select` returns no move for a position the model does not fit).

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use ply_core::{Agent, Decision, Encode, SearchLimits, ValueScale, ZobristHash};
use ply_search::puct::{Guide, Leaf, DEFAULT_SIMULATIONS};
use ply_search::spec::{Catalog, KeyInfo, KeyKind, Params, SpecError};
use ply_search::{Puct, PuctOptions};

use crate::guide::NetGuide;
use crate::model::{describe, Model, ModelError};

const MODEL_KEY: KeyInfo = KeyInfo::new(
    "model",
    "auto",
    "a model bundled with the game (by name) or a model file; auto: the variant's bundled model",
)
.of_kind(KeyKind::Model);

const AZ_KEYS: &[KeyInfo] = &[
    MODEL_KEY,
    KeyInfo::new(
        "sims",
        "auto",
        "simulations per move; auto: the default budget unless time is set",
    ),
    KeyInfo::new("time", "none", "time per move, e.g. 750ms or 2s"),
    KeyInfo::new(
        "c",
        "1.5",
        "PUCT exploration constant, on values from -1 to 1",
    ),
    KeyInfo::new(
        "batch",
        "8",
        "positions the network evaluates at once, 1 to 256",
    ),
];

const POLICY_KEYS: &[KeyInfo] = &[MODEL_KEY];

/// The most positions a spec may ask the network to evaluate at once.
const MAX_BATCH: u64 = 256;

/// Adds `az` and `az-policy` to `catalog`.
pub fn register<G: Encode + ZobristHash>(catalog: &mut Catalog<G>) {
    catalog.add_agent(
        "az",
        "AlphaZero: PUCT search guided by a trained network (a bundled model or a file)",
        AZ_KEYS,
        |params, rng_seed| {
            let c = params.f64("c")?;
            if !(c.is_finite() && c >= 0.0) {
                return Err(params.bad_value("c", "a number ≥ 0 such as 1.5"));
            }
            let batch = params.u64("batch")?;
            if !(1..=MAX_BATCH).contains(&batch) {
                return Err(params.bad_value("batch", "a whole number from 1 to 256"));
            }
            let options = PuctOptions {
                simulations: params.opt_u64("sims")?.map(|n| n.max(1)),
                time: params.opt_duration("time")?,
                exploration: c,
                batch: batch as usize,
                ..PuctOptions::default()
            };
            let source = Source::from_params::<G>(params)?;
            let name = spec_name("az", params);
            Ok(Box::new(AzAgent::<G>::new(
                source,
                Some(Puct::new(options, rng_seed)),
                name,
            )))
        },
    );
    catalog.set_default_budget("az", &format!("sims={DEFAULT_SIMULATIONS}"));
    catalog.add_agent(
        "az-policy",
        "a trained network's policy alone: its most likely legal move, with no search",
        POLICY_KEYS,
        |params, _| {
            let source = Source::from_params::<G>(params)?;
            let name = spec_name("az-policy", params);
            Ok(Box::new(AzAgent::<G>::new(source, None, name)))
        },
    );
}

/// The spec that recreates the agent: its name and the settings given.
fn spec_name(agent: &str, params: &Params) -> String {
    let given: Vec<String> = params
        .given()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if given.is_empty() {
        agent.to_string()
    } else {
        format!("{agent}:{}", given.join(","))
    }
}

/// Where the agent's network comes from.
enum Source {
    /// The bundled model of whatever variant it is asked to play.
    Auto,
    /// A model chosen by the spec, already read and checked; `label` names it in errors.
    Chosen { model: Arc<Model>, label: String },
}

impl Source {
    fn from_params<G: Encode>(params: &Params) -> Result<Source, SpecError> {
        let value = params.str("model")?.trim();
        let failed = |e: ModelError| SpecError::Agent {
            agent: params.agent().to_string(),
            message: e.to_string(),
        };
        if value.is_empty() || value.eq_ignore_ascii_case("auto") {
            if G::MODELS.is_empty() {
                return Err(params.bad_value(
                    "model",
                    "a model file's path: this game bundles no model (`ply train` makes one)",
                ));
            }
            return Ok(Source::Auto);
        }
        if let Some(bundled) = G::MODELS
            .iter()
            .find(|m| m.name.eq_ignore_ascii_case(value))
        {
            let model = bundled_model(bundled).map_err(failed)?;
            return Ok(Source::Chosen {
                model,
                label: format!("the bundled model {}", bundled.name),
            });
        }
        let path = Path::new(value);
        let looks_like_a_name = !value.contains(['/', '.', '\\']);
        if looks_like_a_name && !path.exists() {
            return Err(failed(ModelError::UnknownName {
                game: "this game".to_string(),
                name: value.to_string(),
                names: G::MODELS.iter().map(|m| m.name.to_string()).collect(),
            }));
        }
        let model = Model::read(path).map_err(failed)?;
        Ok(Source::Chosen {
            model: Arc::new(model),
            label: ply_core::files::shown(path),
        })
    }
}

/// Each bundled model is read and checked once per process, however many agents use it.
fn bundled_model(bundled: &ply_core::BundledModel) -> Result<Arc<Model>, ModelError> {
    static LOADED: OnceLock<Mutex<HashMap<usize, Arc<Model>>>> = OnceLock::new();
    let key = bundled.bytes.as_ptr() as usize;
    let cache = LOADED.get_or_init(Default::default);
    if let Some(model) = cache
        .lock()
        .expect("the model cache is not poisoned")
        .get(&key)
    {
        return Ok(model.clone());
    }
    let model = Arc::new(Model::from_bytes(
        bundled.bytes,
        &format!("the bundled model {}", bundled.name),
    )?);
    cache
        .lock()
        .expect("the model cache is not poisoned")
        .insert(key, model.clone());
    Ok(model)
}

/// The bundled model of `state`'s game and variant.
fn bundled_for<G: Encode>(state: &G) -> Result<(Arc<Model>, String), String> {
    let mut others = Vec::new();
    for bundled in G::MODELS {
        let model = bundled_model(bundled).map_err(|e| e.to_string())?;
        let label = format!("the bundled model {}", bundled.name);
        if model.check_fits(state, &label).is_ok() {
            return Ok((model, label));
        }
        others.push(format!(
            "{} ({})",
            bundled.name,
            model.header.game_and_variant()
        ));
    }
    let game = describe(state.name(), &state.variant());
    Err(format!(
        "no bundled model plays {game}: the bundled ones are {}; train one with `ply train` \
         and give its file as model=FILE",
        if others.is_empty() {
            "none".to_string()
        } else {
            others.join(", ")
        }
    ))
}

/// `az` (with a search) or `az-policy` (without).
pub struct AzAgent<G: Encode> {
    source: Source,
    /// The network ready for the last position's variant.
    guide: Option<NetGuide<G>>,
    /// `None`: the policy alone.
    puct: Option<Puct<G>>,
    name: String,
}

impl<G: Encode> AzAgent<G> {
    /// `az` with `model` (already checked), named `name`: what training's matches play.
    pub fn with_model(
        model: Arc<Model>,
        name: String,
        options: PuctOptions,
        rng_seed: u64,
    ) -> Self {
        AzAgent::new(
            Source::Chosen {
                model,
                label: name.clone(),
            },
            Some(Puct::new(options, rng_seed)),
            name,
        )
    }

    /// `az-policy` with `model` (already checked), named `name`.
    pub fn policy_only(model: Arc<Model>, name: String) -> Self {
        AzAgent::new(
            Source::Chosen {
                model,
                label: name.clone(),
            },
            None,
            name,
        )
    }

    fn new(source: Source, puct: Option<Puct<G>>, name: String) -> Self {
        AzAgent {
            source,
            guide: None,
            puct,
            name,
        }
    }

    /// The guide for `state`'s variant, or why there is none.
    fn guide_for(&mut self, state: &G) -> Result<&mut NetGuide<G>, String> {
        let fits = self
            .guide
            .as_ref()
            .is_some_and(|g| g.model().check_fits(state, "").is_ok());
        if !fits {
            let (model, label) = match &self.source {
                Source::Auto => bundled_for(state)?,
                Source::Chosen { model, label } => {
                    model.check_fits(state, label).map_err(|e| e.to_string())?;
                    (model.clone(), label.clone())
                }
            };
            self.guide = Some(NetGuide::new(model, label));
            if let Some(puct) = &mut self.puct {
                puct.clear();
            }
        }
        Ok(self.guide.as_mut().expect("a guide was just made"))
    }
}

impl<G: Encode> Agent<G> for AzAgent<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn value_scale(&self, _state: &G) -> ValueScale {
        ValueScale::Reward
    }

    fn fits(&mut self, state: &G) -> Result<(), String> {
        self.guide_for(state).map(|_| ())
    }

    fn new_game(&mut self) {
        if let Some(puct) = &mut self.puct {
            puct.clear();
        }
    }

    fn select(&mut self, state: &G, limits: &SearchLimits) -> Option<Decision<G::Move>> {
        if state.is_terminal() {
            return None;
        }
        let started = std::time::Instant::now();
        self.guide_for(state).ok()?;
        let guide = self.guide.as_mut()?;
        match &mut self.puct {
            Some(puct) => puct.decide(state, guide, limits),
            None => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let leaf = Leaf {
                    state: state.clone(),
                    moves,
                };
                let mut out = Vec::new();
                guide.evaluate(std::slice::from_ref(&leaf), &mut out);
                let advice = out.pop()?;
                let best = advice
                    .priors
                    .iter()
                    .enumerate()
                    .max_by(|a, b| a.1.total_cmp(b.1).then(b.0.cmp(&a.0)))?
                    .0;
                let mv = leaf.moves[best];
                Some(Decision {
                    mv,
                    value: f64::from(advice.values[state.to_move()]),
                    pv: vec![mv],
                    nodes: 1,
                    depth: 1,
                    elapsed: started.elapsed(),
                    iterations: 0,
                })
            }
        }
    }
}
