/** VSTAT taxonomy names and definitions as the paper gives them (Tables 6 and 7), for the label form (PURE). */
import type { VSTAT_CHALLENGES, VSTAT_STATE_ELEMENTS, VSTAT_STATE_STRUCTURES } from "./document";

export const VSTAT_ELEMENT_INFO: Record<(typeof VSTAT_STATE_ELEMENTS)[number], { name: string; definition: string }> = {
  count: { name: "Count", definition: "An integer accumulated over time" },
  location: { name: "Location", definition: "A position in a discrete / continuous space" },
  attribute: { name: "Attribute", definition: "A categorical or vector-valued property" },
};

export const VSTAT_STRUCTURE_INFO: Record<(typeof VSTAT_STATE_STRUCTURES)[number], { name: string; definition: string }> = {
  atomic: { name: "Atomic", definition: "A single value at all time points" },
  sequence: { name: "Sequence", definition: "An ordered series of values over time" },
  set: { name: "Set", definition: "A subset of values, unordered" },
  dict: { name: "Dict", definition: "A map binding each entity to a value" },
};

export const VSTAT_CHALLENGE_INFO: Record<(typeof VSTAT_CHALLENGES)[number], { name: string; definition: string }> = {
  occlusion: { name: "Occlusion", definition: "The target is physically hidden behind other objects" },
  camera_motion: { name: "Camera motion", definition: "Viewpoint shifts disrupt the spatial reference frame" },
  homogeneity: { name: "Homogeneity", definition: "Multiple targets share identical appearance, making them hard to track individually" },
  symbolic_decoding: { name: "Symbolic decoding", definition: "A continuous visual pattern must be segmented and mapped to discrete symbols" },
  multi_entity_attribution: { name: "Multi-entity attribution", definition: "Multiple objects act simultaneously, requiring state changes to be attributed to the correct one" },
  event_ambiguity: { name: "Event ambiguity", definition: "Visually similar events produce different state outcomes" },
};
