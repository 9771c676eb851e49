export { type AdvertsService, createAdvertsService } from "./adverts.service";
